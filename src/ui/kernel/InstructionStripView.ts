import type { KernelInstruction, KernelLine } from '../../engine';
import { describeCost, describePlace } from '../../program/describeKernel';
import { createElement } from '../createElement';

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

  constructor(onStep: (delta: number) => void, onExplore: () => void) {
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
    );
  }

  /** Shows instruction `instance` (1-based) of the line's `count`; `href` opens it in Explore. */
  /** `conflict`: the instruction's conflict in words ({@link getInstructionConflict}). */
  show(
    line: KernelLine,
    instruction: KernelInstruction,
    instance: number,
    count: number,
    href: string,
    conflict: string,
  ): void {
    this.element.hidden = false;
    this.heading.textContent = `On stage: line ${line.line}, ${line.op} (${instruction.form})`;
    const race = instruction.racing ? ' Its lanes race (they write the same bytes).' : '';
    this.place.textContent = `${capitalize(describePlace(instruction))}: ${describeCost(instruction.rounds, instruction.ideal)}. ${conflict}${race}`;
    this.count.textContent = `Instruction ${instance} of ${count}`;
    this.previous.setAttribute('aria-disabled', String(instance <= 1));
    this.next.setAttribute('aria-disabled', String(instance >= count));
    this.explore.href = href;
  }

  hide(): void {
    this.element.hidden = true;
  }
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
