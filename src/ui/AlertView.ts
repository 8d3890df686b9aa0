import type { EngineError } from '../engine';
import { createElement } from './createElement';

/**
 * The alert box: one line per bad input, naming the parameter and the reason. It can be
 * dismissed, and it floats over the page rather than pushing the player down.
 */
export class AlertView {
  constructor(
    private readonly box: HTMLElement,
    private readonly list: HTMLElement,
    close: HTMLButtonElement,
  ) {
    close.addEventListener('click', () => this.clear());
  }

  show(errors: readonly EngineError[], fallback = 'the default is used instead'): void {
    this.list.replaceChildren(
      ...errors.map((e) => createElement('p', {}, createElement('strong', {}, e.field), `: ${e.reason}; ${fallback}.`)),
    );
    this.box.hidden = errors.length === 0;
  }

  clear(): void {
    this.list.replaceChildren();
    this.box.hidden = true;
  }
}
