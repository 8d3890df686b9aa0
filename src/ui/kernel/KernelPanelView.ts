import {
  groupDigits,
  writeBlock,
  type AccessSpec,
  type EngineError,
  type KernelError,
  type KernelIncludes,
  type KernelLine,
  type KernelReport,
} from '../../engine';
import { chooseKernelInstruction, type ChosenInstruction } from '../../kernel/chooseKernelInstruction';
import { getAccessLine } from '../../engine/kernel';
import { getInstructionConflict, sortByExcess } from '../../program/describeKernel';
import type { StageShown } from '../../player/playerMachine';
import type { PlayerSession } from '../../session/PlayerSession';
import { readKernelLink, writeKernelLink, type KernelChoice } from '../../kernel/readKernelLink';
import { createElement } from '../createElement';
import { InstructionStripView } from './InstructionStripView';
import { fillKernelErrors } from './fillKernelErrors';
import { createStaleStageMark } from './createStaleStageMark';
import { KernelAnalyzer } from './KernelAnalyzer';
import { KernelEditorView } from './KernelEditorView';
import { KernelFixView } from './KernelFixView';
import { KernelLaunchForm, type LaunchText } from './KernelLaunchForm';
import { getExcessLevel, isRow, KernelReportView, type RowKey } from './KernelReportView';
import { KernelSourcePicker, type PickedSource } from './KernelSourcePicker';
import type { KernelAnswer } from './kernelMessages';
import { loadKernelDraft, saveKernelDraft } from './kernelDraftStore';
import { packKernelSource, readLinkSource } from '../../kernel/packKernelSource';
import { KERNEL_PRESETS } from '../../kernel/kernelPresets';
import './kernel.css';

/** How long typing may pause before the source is analysed again. */
const TYPING_PAUSE_MS = 250;
/** The preset a first visit opens on: the lesson's column read, in a real kernel. */
const FIRST_PRESET = 'transposeCoalesced';

/**
 * Kernel mode's panel: a kernel's source in an editor, its launch, and its report line by line;
 * choosing a line puts its worst instruction on the stage as an Explore access, and a strip steps
 * through the line's other instructions. The analysis runs in a worker, again a moment after each
 * edit; while the source does not run, its errors are underlined and listed and the last good
 * report stays, marked as such.
 */
export class KernelPanelView {
  private readonly editor: KernelEditorView;
  private readonly form: KernelLaunchForm;
  private readonly report: KernelReportView;
  private readonly strip: InstructionStripView;
  private readonly fix: KernelFixView;
  private readonly errors = createElement('ul', {
    class: 'kernel-errors',
    'data-testid': 'kernel-errors',
    'aria-live': 'polite',
    'aria-label': 'Errors in the source',
  });
  private readonly status = createElement('p', { class: 'panel-note', role: 'status' });
  private readonly analyzer: KernelAnalyzer;
  private readonly picker: KernelSourcePicker;
  private readonly markStage: (stale: boolean) => void;
  private shown: KernelReport | null = null;
  private chosen: RowKey | null = null;
  /** The chosen line's instruction on stage, 1-based; `null`: its worst. */
  private instance: number | null = null;
  private packed: { source: string; packed: string } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The launch the last analysis was asked with. */
  private asked = '';
  /** The files opened with the kernel, for its includes. */
  private includes: KernelIncludes | undefined;
  /** The instruction last put on stage, as its Explore link. */
  private staged: string | null = null;

  /**
   * `showAlerts` shows what is wrong with the link; `getExploreSearch` writes an Explore link to an
   * access (given, not imported: the link codec is in the first load, and a part loaded on first
   * use that imports from it makes the bundler cut the first load's code into more chunks).
   */
  constructor(
    root: HTMLElement,
    private readonly session: PlayerSession,
    showAlerts: (errors: readonly EngineError[]) => void,
    private readonly getExploreSearch: (access: AccessSpec) => string,
    private readonly stage: HTMLElement,
  ) {
    this.markStage = createStaleStageMark(stage);
    const alerts: EngineError[] = [];
    const link = readKernelLink(session.getSnapshot().url.link, alerts);
    const start = this.getStart(link, alerts);
    if (alerts.length > 0) showAlerts(alerts);
    this.chosen = link.line === null ? null : { line: link.line, inner: link.inner ?? undefined, op: link.op };
    this.instance = link.instance;
    this.editor = new KernelEditorView(start.source, (_, typed) => this.edited(typed));
    this.form = new KernelLaunchForm(() => this.edited(true));
    this.form.set(start.launch);
    this.report = new KernelReportView((key) => this.choose(key, null));
    this.strip = new InstructionStripView(
      (delta) => this.step(delta),
      () => this.openInExplore(),
      (instance) => {
        this.instance = instance;
        this.putOnStage();
      },
    );
    this.fix = new KernelFixView({
      getLine: () => this.getLine(),
      replaceSource: (from, to) =>
        this.editor.source === from && (this.editor.setSource(to, true), this.analyse(), true),
      stage: (shown) => ((this.staged = null), shown ? this.publish(shown) : this.putOnStage()),
    });
    this.picker = new KernelSourcePicker(root, start.draft, (picked) => this.pick(picked));
    this.analyzer = new KernelAnalyzer((answer) => this.hear(answer));
    root.replaceChildren(
      createElement('h2', {}, 'Kernel: its shared-memory lines, line by line'),
      this.picker.element,
      this.form.element,
      createElement('h3', { class: 'visually-hidden' }, 'Source'),
      this.editor.element,
      this.errors,
      this.status,
      this.report.element,
      this.strip.element,
      this.fix.element,
    );
    this.report.showEmpty('Loading the C++ parser…');
    session.select(
      ({ mode }) => mode,
      (mode) => {
        root.hidden = mode !== 'kernel';
        this.markStage(mode === 'kernel' && this.errors.childElementCount > 0);
        // Back in Kernel mode, its instruction goes on stage again.
        this.staged = null;
        if (mode === 'kernel' && this.shown) this.putOnStage();
      },
    );
    this.analyse();
  }

  /** Where the panel opens: the link's source and launch, else what was typed last, else the first preset. */
  private getStart(link: KernelChoice, alerts: EngineError[]): { source: string; launch: LaunchText; draft: boolean } {
    const draft = loadKernelDraft();
    const launch = (fallback: LaunchText): LaunchText => ({
      kernel: null,
      block: link.block ? writeBlock(link.block) : fallback.block,
      args: link.source || Object.keys(link.args).length > 0 ? stringArgs(link.args) : fallback.args,
    });
    const source = readLinkSource(link.source, alerts);
    if (source !== null)
      return { source, launch: launch({ kernel: null, block: '32', args: {} }), draft: draft !== null };
    if (draft) return { source: draft.source, launch: launch({ kernel: null, ...draft }), draft: true };
    const preset = KERNEL_PRESETS.find((p) => p.name === FIRST_PRESET) ?? KERNEL_PRESETS[0];
    const presetLaunch = { kernel: null, block: writeBlock(preset.block), args: stringArgs(preset.args) };
    return { source: preset.source, launch: launch(presetLaunch), draft: false };
  }

  /** A preset, a file or the draft replaces the source and launch. */
  private pick(picked: PickedSource): void {
    this.chosen = null;
    this.instance = null;
    this.editor.setSource(picked.source, picked.typed);
    this.includes = picked.includes;
    if (picked.launch) this.form.set(picked.launch);
    this.analyse();
  }

  /** The source or the launch changed: analysed again once typing pauses, and kept as typed. */
  private edited(typed: boolean): void {
    if (typed) {
      saveKernelDraft({ source: this.editor.source, ...this.form.text });
      this.picker.offerDraft();
    }
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.analyse(), TYPING_PAUSE_MS);
  }

  private analyse(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const { block, ...launch } = this.form.read();
    this.publish(null);
    if (block === null) return;
    this.asked = JSON.stringify(this.form.read());
    this.report.setBusy(writeBlock(block));
    this.report.setStaleBlock(writeBlock(block));
    this.analyzer.analyze(this.editor.source, { ...launch, block, includes: this.includes });
  }

  private hear(answer: KernelAnswer): void {
    this.report.setBusy(null);
    if ('failure' in answer) {
      this.status.textContent = `Kernel mode cannot analyse kernels here: ${answer.failure}.`;
      return;
    }
    this.status.textContent = '';
    this.form.setKernels(answer.signatures);
    // The kernel's signature changed what the launch gives it (a parameter added or renamed): asked again.
    if (JSON.stringify(this.form.read()) !== this.asked) return this.analyse();
    if (!answer.result.ok) return this.showErrors(answer.result.errors);
    const report = answer.result.report;
    const first = this.shown === null;
    this.shown = report;
    this.showErrors([]);
    if (!report.lines.some((l) => isRow(l, this.chosen))) {
      const worst = sortByExcess(report.lines)[0];
      this.chosen = worst ? { line: worst.line, inner: worst.inner, op: worst.op } : null;
      this.instance = null;
    }
    this.editor.setMarks(getMarks(report));
    this.fix.search(this.editor.source, { ...this.form.read(), block: report.block }, report);
    this.putOnStage();
    // The first report shows the line on stage in the source as well.
    const chosen = this.getLine();
    if (first && chosen) this.editor.showLine(getAccessLine(chosen));
  }

  private showErrors(analysed: readonly KernelError[]): void {
    const { errors, needs } = fillKernelErrors(this.errors, analysed, (line, column) =>
      this.editor.reveal(line, column),
    );
    this.form.setNeeds(needs);
    // An error in an included file is listed with its file's name, and marks nothing in this editor.
    this.editor.setErrors(errors.filter((e) => !e.file));
    this.markStage(errors.length > 0 && this.session.mode === 'kernel');
    if (errors.length === 0) return;
    // The strip spoke of the last source's instruction: put away with its report.
    this.strip.hide();
    if (this.shown) this.report.show(this.shown, true, this.chosen);
    else
      this.report.showEmpty(
        `No report yet: the source has an error (analysed over block ${this.form.text.block.trim() || '32'}).`,
      );
  }

  private choose(key: RowKey, instance: number | null): void {
    this.chosen = key;
    this.instance = instance;
    this.putOnStage();
    if (this.shown) this.editor.showLine(key.inner ?? key.line);
    // On a phone the stage is a screen above the list: the row chosen brings it into view.
    if (matchMedia('(max-width: 700px)').matches) {
      const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
      this.stage.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    }
  }

  private step(delta: number): void {
    const chosen = this.getChosen();
    if (!chosen) return;
    this.instance = Math.min(Math.max(chosen.instance + delta, 1), chosen.instructions.indices.length);
    this.putOnStage();
  }

  /** The chosen line's instruction, as the lesson's kernel scenes pick it too; `null`: none. */
  private getChosen(): ChosenInstruction | null {
    if (!this.shown || !this.chosen) return null;
    const chosen = chooseKernelInstruction(this.shown, { ...this.chosen, instance: this.instance });
    return chosen.ok ? chosen : null;
  }

  private getLine(): KernelLine | null {
    return this.getChosen()?.row ?? null;
  }

  /** The report as it stands, and the chosen line's instruction on stage. */
  private putOnStage(): void {
    const report = this.shown;
    if (!report) return;
    this.fix.showBefore();
    this.report.show(report, this.errors.childElementCount > 0, this.chosen);
    const chosen = this.getChosen();
    this.editor.setChosen(chosen ? getAccessLine(chosen.row) : null);
    if (!chosen) {
      this.strip.hide();
      return this.publish(null);
    }
    const conflict = getInstructionConflict(report, chosen.instruction);
    const href = `?${this.getExploreSearch(chosen.spec)}`;
    this.strip.show(chosen.row, chosen.instructions, chosen.instance, chosen.worst, href, conflict);
    this.publish({ access: chosen.spec, title: chosen.title, caption: conflict });
  }

  /**
   * Tells the session the kernel as a link says it, and the instruction to put on stage under its
   * title, unless that is already there (an analysis after an edit that changed nothing of it
   * leaves the stage, its moment and its inspected lanes as they are).
   */
  private publish(shown: StageShown | null): void {
    if (this.session.mode !== 'kernel') return;
    const key = shown ? `${shown.title}|${shown.caption}|${this.getExploreSearch(shown.access)}` : null;
    const stage = key !== null && key !== this.staged ? shown : null;
    if (key !== null) this.staged = key;
    this.session.send({ type: 'stage.show', mode: 'kernel', link: this.writeLink(), shown: stage });
  }

  private writeLink() {
    const source = this.editor.source;
    if (this.packed?.source !== source) this.packed = { source, packed: packKernelSource(source) };
    const launch = this.form.read();
    // Before the first report, the link's own line and instance stand.
    const at = this.getChosen()?.link ?? {
      line: this.chosen?.line ?? null,
      inner: this.chosen?.inner ?? null,
      op: null,
      instance: this.instance,
    };
    return writeKernelLink({
      source: { packed: this.packed.packed },
      block: launch.block,
      args: launch.args ?? {},
      ...at,
    });
  }

  private openInExplore(): void {
    const chosen = this.getChosen();
    if (chosen) this.session.send({ type: 'explore.open', time: 0, access: chosen.spec });
  }
}

const stringArgs = (args: Readonly<Record<string, number | string>>) =>
  Object.fromEntries(Object.entries(args).map(([name, value]) => [name, String(value)]));

/** Each access line's gutter mark: its rounds over its ideal, every operation on it (and every call of it) summed. */
function getMarks(report: KernelReport) {
  const byLine = new Map<number, KernelLine[]>();
  for (const line of report.lines) byLine.set(getAccessLine(line), [...(byLine.get(getAccessLine(line)) ?? []), line]);
  return [...byLine].map(([line, rows]) => {
    const rounds = rows.reduce((sum, r) => sum + r.rounds, 0);
    const ideal = rows.reduce((sum, r) => sum + r.ideal, 0);
    return {
      line,
      text: `${groupDigits(rounds)} / ${groupDigits(ideal)}`,
      level: getExcessLevel({ rounds, ideal, excess: rounds - ideal }),
      title: rows
        .map((r) => `${r.op}${r.inner === null ? '' : ` via line ${r.line}`}: ${r.rounds} rounds, ideal ${r.ideal}`)
        .join('; '),
    };
  });
}
