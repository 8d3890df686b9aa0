import type { KernelLine } from '../../engine';
import { getInstruction, type InstructionList } from '../../engine/kernel/kernelInstructions';
import { writeRowPlace } from '../../engine/kernel/kernelRows';
import { describeCost, describePlace } from '../../program/describeKernel';
import { findInstruction, findNextConflict, getInstructionChoices } from '../../program/getInstructionChoices';
import { createElement } from '../createElement';

/** Keys that go to an instruction from anywhere in Kernel mode but a field: W the worst, N the next conflicting. */
const KEYS: Record<string, 'worst' | 'next'> = { w: 'worst', W: 'worst', n: 'next', N: 'next' };

const isField = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || target.matches('input, select, textarea'));

/**
 * The line on stage and which of its instructions: where it ran ("warp 3, j = 8"), what it cost,
 * buttons to step through the line's instructions (every warp, every iteration), and a link that
 * opens the instruction in Explore.
 */
export class InstructionStripView {
  readonly element: HTMLElement;
  private readonly heading = createElement('h3', { 'data-testid': 'kernel-on-stage' });
  private readonly place = createElement('p', { class: 'kernel-place', 'data-testid': 'kernel-instruction' });
  private readonly previous = createElement(
    'button',
    { type: 'button', 'aria-label': 'Previous instruction of this line', 'data-control': 'instruction-prev' },
    '←',
  );
  private readonly next = createElement(
    'button',
    { type: 'button', 'aria-label': 'Next instruction of this line', 'data-control': 'instruction-next' },
    '→',
  );
  private readonly count = createElement('span', { class: 'kernel-count', 'aria-live': 'polite' });
  private readonly explore = createElement(
    'a',
    { class: 'text-button', 'data-action': 'open-in-explore' },
    'Open in Explore',
  );

  private readonly menus = createElement('div', { class: 'kernel-goto', role: 'group', 'aria-label': 'Go to' });
  private readonly worst = createElement(
    'button',
    { type: 'button', class: 'text-button', 'aria-keyshortcuts': 'W', 'data-control': 'instruction-worst' },
    'Worst (W)',
  );
  private readonly nextConflict = createElement(
    'button',
    { type: 'button', class: 'text-button', 'aria-keyshortcuts': 'N', 'data-control': 'instruction-next-conflict' },
    'Next conflict (N)',
  );
  private shown: { instructions: InstructionList; instance: number; worst: number } | null = null;

  /** `onGo` goes to a line's instruction by its 1-based place among the line's instructions. */
  constructor(onStep: (delta: number) => void, onExplore: () => void, onGo: (instance: number) => void) {
    const go = (to: 'worst' | 'next') => {
      if (!this.shown) return;
      const { instructions, instance, worst } = this.shown;
      const next = to === 'worst' ? worst - 1 : findNextConflict(instructions, instance - 1);
      if (next !== null) onGo(next + 1);
    };
    this.worst.addEventListener('click', () => go('worst'));
    this.nextConflict.addEventListener('click', () => go('next'));
    this.menus.addEventListener('change', (event) => {
      if (!this.shown) return;
      const menus = [...this.menus.querySelectorAll('select')];
      const [warp, ...path] = menus.map((m) => Number(m.value));
      // A loop chosen keeps the loops outside it; those inside start again from their first iteration.
      const depth = menus.indexOf(event.target as HTMLSelectElement);
      onGo(findInstruction(this.shown.instructions, warp, depth === 0 ? path : path.slice(0, depth)) + 1);
    });
    document.addEventListener('keydown', (e) => {
      const to = KEYS[e.key];
      if (!to || e.ctrlKey || e.metaKey || e.altKey || isField(e.target) || !this.element.checkVisibility()) return;
      e.preventDefault();
      go(to);
    });
    // At either end a button says so and does nothing, rather than be disabled and drop the focus.
    const step = (button: HTMLButtonElement, delta: number) =>
      button.addEventListener('click', () => button.getAttribute('aria-disabled') !== 'true' && onStep(delta));
    step(this.previous, -1);
    step(this.next, 1);
    this.explore.addEventListener('click', (event) => {
      event.preventDefault();
      onExplore();
    });
    this.element = createElement(
      'section',
      { class: 'kernel-strip', 'aria-label': 'The instruction on stage', hidden: '' },
      this.heading,
      this.place,
      createElement(
        'div',
        { class: 'kernel-steps', role: 'group', 'aria-label': 'This line’s instructions' },
        this.previous,
        this.count,
        this.next,
        this.explore,
      ),
      this.menus,
      createElement('div', { class: 'kernel-steps' }, this.worst, this.nextConflict),
    );
  }

  /**
   * Shows instruction `instance` (1-based) of the line's `instructions`, `worst` the line's worst;
   * `href` opens it in Explore; `conflict`: its conflict in words ({@link getInstructionConflict}).
   */
  show(
    line: KernelLine,
    instructions: InstructionList,
    instance: number,
    worst: number,
    href: string,
    conflict: string,
  ): void {
    // Only the instruction shown is made as an object; the menus read the report's columns.
    const instruction = getInstruction(instructions.table, instructions.indices[instance - 1]);
    const count = instructions.indices.length;
    this.shown = { instructions, instance, worst };
    this.element.hidden = false;
    this.showMenus(instructions, instance);
    this.heading.textContent = `On stage: ${writeRowPlace(line)}, ${line.op} (${instruction.form})`;
    const race = instruction.racing ? ' Its lanes race (they write the same bytes).' : '';
    this.place.textContent = `${capitalize(describePlace(instruction))}: ${describeCost(instruction.rounds, instruction.ideal)}. ${conflict}${race}`;
    this.count.textContent = `Instruction ${instance} of ${count}`;
    this.previous.setAttribute('aria-disabled', String(instance <= 1));
    this.next.setAttribute('aria-disabled', String(instance >= count));
    this.explore.href = href;
  }

  /** A menu of the line's warps, and one of each loop's iterations around it in the warp on stage. */
  private showMenus(instructions: InstructionList, instance: number): void {
    const choices = getInstructionChoices(instructions, instance - 1);
    const menu = (id: string, label: string, options: [number, string][], chosen: number) => {
      const select = createElement(
        'select',
        { id },
        ...options.map(([value, text]) => createElement('option', { value: String(value) }, text)),
      );
      select.value = String(chosen);
      return createElement('div', { class: 'field' }, createElement('label', { for: id }, label), select);
    };
    const focused = this.menus.contains(document.activeElement) ? document.activeElement!.id : null;
    this.menus.replaceChildren(
      menu(
        'kernel-goto-warp',
        'Warp',
        choices.warps.map((w) => [w, String(w)]),
        choices.warp,
      ),
      ...choices.loops.map((loop, k) =>
        menu(
          `kernel-goto-loop-${k}`,
          `Loop of line ${loop.line}`,
          loop.options.map((o) => [o.iteration, o.label]),
          loop.chosen,
        ),
      ),
    );
    // Rebuilt under a keyboard choosing from them: the focus stays on the menu it was on.
    if (focused) document.getElementById(focused)?.focus();
  }

  hide(): void {
    this.element.hidden = true;
  }
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
