import { type AccessSpec, type KernelLaunch, type KernelLine, type KernelReport, type LayoutFix } from '../../engine';
import { getEditedLine, getInstruction, getInstructionSpec, writeRowPlace } from '../../engine/kernel';
import { describeCost, describePlace } from '../../program/describeKernel';
import { createElement } from '../createElement';
import type { FixAnswer, FixQuestion } from './kernelFixMessages';
import './kernelFix.css';

/** Fixes listed at most: the best few, each proved; the command lists every one. */
const SHOWN_FIXES = 3;

type Shown = { readonly access: AccessSpec; readonly title: string };

/** What the view asks of Kernel mode's panel. */
export interface FixHost {
  /** The row chosen in the report, whose instruction is on stage. */
  getLine(): KernelLine | null;
  /** Puts `to` in the editor in place of `from`; false when the source is no longer `from`. */
  replaceSource(from: string, to: string): boolean;
  /** Puts an access on stage under its title; `null` puts the chosen row's own instruction back. */
  stage(shown: Shown | null): void;
}

/**
 * Kernel mode's fixes: the layout changes found for the report (each proved by analysing the whole
 * kernel again, in a worker of its own), each applied with a key (A) and undone with another (U),
 * and the chosen line's worst instruction after the fix put on stage in place of the one before
 * (B), so the lanes are seen spreading over the banks; where none helps, why.
 */
export class KernelFixView {
  readonly element: HTMLElement;
  private readonly status = createElement('p', { class: 'panel-note', 'data-testid': 'kernel-fix-status' });
  private readonly list = createElement('ul', { class: 'kernel-fixes' });
  private readonly reasons = createElement('ul', { class: 'kernel-no-fix' });
  private readonly after = createElement('p', { class: 'kernel-place', 'data-testid': 'kernel-fix-after' });
  private readonly undo = createElement('p', { class: 'kernel-fix-undo', hidden: '' });
  private worker: Worker | null = null;
  private asked = 0;
  private running = false;
  private waiting: FixQuestion | null = null;
  /** The latest question asked, and once answered its fixes. */
  private latest: FixQuestion | null = null;
  private fixes: readonly LayoutFix[] = [];
  /** The edit made last, undone by U while the source is still what it made. */
  private applied: { before: string; after: string; summary: string } | null = null;
  /** The fix whose "after" is on stage. */
  private staged: LayoutFix | null = null;

  constructor(private readonly host: FixHost) {
    this.element = createElement(
      'section',
      { class: 'kernel-fix', 'aria-label': 'Layout fixes', 'data-testid': 'kernel-fixes' },
      createElement('h3', {}, 'Fix'),
      this.status,
      this.list,
      this.after,
      this.reasons,
      this.undo,
    );
    document.addEventListener('keydown', (e) => this.key(e));
  }

  /** Searches for the fixes of `source`'s report; a search asked while one runs waits, and a later one replaces it. */
  search(source: string, launch: KernelLaunch, report: KernelReport): void {
    this.fixes = [];
    this.staged = null;
    this.reasons.replaceChildren();
    const question = { id: ++this.asked, source, launch, report };
    this.latest = question;
    this.waiting = null;
    // Nothing conflicts: no search, and no second parser loaded for it.
    const conflicts = report.total.excess > 0;
    this.status.textContent = conflicts
      ? 'Looking for a layout that lowers the excess…'
      : 'No line conflicts: nothing to fix.';
    this.render();
    if (!conflicts) return;
    if (this.running) this.waiting = question;
    else this.post(question);
  }

  /** The chosen row's own instruction is on stage again (a row was chosen, a report came). */
  showBefore(): void {
    if (!this.staged) return;
    this.staged = null;
    this.render();
  }

  private post(question: FixQuestion): void {
    this.waiting = null;
    this.running = true;
    if (!this.worker) {
      this.worker = new Worker(new URL('./kernelFixWorker.ts', import.meta.url), { type: 'module' });
      this.worker.addEventListener('message', (event: MessageEvent<FixAnswer>) => this.hear(event.data));
      this.worker.addEventListener('error', () =>
        this.hear({ id: this.asked, failure: 'the fix search could not start (its code did not arrive)' }),
      );
    }
    this.worker.postMessage(question);
  }

  private hear(answer: FixAnswer): void {
    this.running = false;
    if (this.waiting) return this.post(this.waiting);
    if (answer.id !== this.asked) return;
    if ('failure' in answer) {
      this.status.textContent = `No fixes here: ${answer.failure}.`;
      return;
    }
    const { found } = answer;
    this.fixes = found.fixes.slice(0, SHOWN_FIXES);
    const tried = `${found.analyses} whole-kernel ${found.analyses === 1 ? 'analysis' : 'analyses'}${
      found.untried > 0 ? `; ${found.untried} candidates left untried past the budget` : ''
    }`;
    const lower = found.fixes.length === 1 ? 'One layout lowers' : `${found.fixes.length} layouts lower`;
    this.status.textContent =
      found.fixes.length > 0
        ? `${lower} the excess, each proved on the whole kernel (${tried}).`
        : this.latest?.report.total.excess === 0
          ? 'No line conflicts: nothing to fix.'
          : found.analyses === 0
            ? 'No layout the check can change would help, as said below.'
            : `No layout of its arrays lowers the excess (${tried}).`;
    this.reasons.replaceChildren(
      ...found.none.map((n) =>
        createElement(
          'li',
          { 'data-testid': 'kernel-no-fix', 'data-kind': n.kind, 'data-line': String(n.line) },
          n.reason,
        ),
      ),
    );
    this.render();
  }

  /** The fixes as rows, each with its Apply and its "after" on stage; the undo while it can be. */
  private render(): void {
    this.list.replaceChildren(
      ...this.fixes.map((fix, i) => {
        const apply = button(i === 0 ? 'Apply (A)' : 'Apply', 'apply-fix', () => this.apply(fix));
        const stage = button(i === 0 ? 'After, on stage (B)' : 'After, on stage', 'fix-on-stage', () =>
          this.toggleStage(fix),
        );
        stage.setAttribute('aria-pressed', String(this.staged === fix));
        return createElement(
          'li',
          { 'data-testid': 'kernel-fix', 'data-kind': fix.kind, 'data-after': String(fix.after) },
          createElement('span', {}, `Fix: ${fix.summary}`),
          apply,
          stage,
        );
      }),
    );
    this.after.textContent = this.staged ? this.describeAfter(this.staged) : '';
    this.after.hidden = !this.staged;
    const undoable = this.applied !== null && this.latest?.source === this.applied.after;
    this.undo.hidden = !undoable;
    if (undoable)
      this.undo.replaceChildren(
        createElement('span', {}, `Applied: ${this.applied!.summary}. `),
        button('Undo (U)', 'undo-fix', () => this.undoFix()),
      );
  }

  private apply(fix: LayoutFix): void {
    const before = this.latest?.source;
    if (before === undefined || !this.host.replaceSource(before, fix.source)) return;
    this.applied = { before, after: fix.source, summary: fix.summary };
  }

  private undoFix(): void {
    const applied = this.applied;
    if (applied && this.host.replaceSource(applied.after, applied.before)) this.applied = null;
  }

  /** The fix's edited kernel, the chosen line's worst instruction there (the line moved by any inserted lines). */
  private getAfter(fix: LayoutFix) {
    const line = this.host.getLine();
    if (!line || !this.latest) return null;
    const moved = (n: number) => getEditedLine(this.latest!.source, fix.edits, n);
    const [at, inner] = [moved(line.line), line.inner === null ? null : moved(line.inner)];
    const fixed = fix.report.lines.find((l) => l.line === at && l.inner === inner && l.op === line.op);
    return fixed ? { line, fixed, instruction: getInstruction(fix.report.instructions, fixed.worst) } : null;
  }

  private describeAfter(fix: LayoutFix): string {
    const after = this.getAfter(fix);
    if (!after || !this.latest) return '';
    const before = getInstruction(this.latest.report.instructions, after.line.worst);
    return `After "${fix.title}", ${writeRowPlace(after.fixed)}'s worst, in ${describePlace(after.instruction)}: ${describeCost(
      after.instruction.rounds,
      after.instruction.ideal,
    )} (before: ${describeCost(before.rounds, before.ideal)}).`;
  }

  private toggleStage(fix: LayoutFix): void {
    const after = this.staged === fix ? null : this.getAfter(fix);
    this.staged = after ? fix : null;
    this.host.stage(
      after
        ? {
            access: getInstructionSpec(fix.report, after.instruction),
            title: `${fix.report.kernel}, ${writeRowPlace(after.fixed)} after the fix: ${describePlace(after.instruction)}`,
          }
        : null,
    );
    this.render();
  }

  /** A, U and B, from anywhere in the page but a field or the editor, while the panel shows. */
  private key(e: KeyboardEvent): void {
    if (
      e.defaultPrevented ||
      e.ctrlKey ||
      e.metaKey ||
      e.altKey ||
      !this.element.isConnected ||
      this.element.closest('[hidden]')
    )
      return;
    const target = e.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, [contenteditable="true"], .cm-editor')) return;
    const key = e.key.toLowerCase();
    const first = this.fixes[0];
    if (key === 'a' && first) this.apply(first);
    else if (key === 'u' && this.applied) this.undoFix();
    else if (key === 'b' && first) this.toggleStage(first);
    else return;
    e.preventDefault();
  }
}

function button(label: string, action: string, onClick: () => void): HTMLButtonElement {
  const b = createElement('button', { type: 'button', class: 'text-button', 'data-action': action }, label);
  b.addEventListener('click', onClick);
  return b;
}
