import type { EngineError } from '../engine';
import { createElement } from './createElement';

/** The `role="alert"` region: one line per bad input, naming the parameter and the reason. */
export class AlertView {
  constructor(private readonly root: HTMLElement) {}

  show(errors: readonly EngineError[], fallback = 'the default is used instead'): void {
    this.root.replaceChildren(
      ...errors.map((e) => createElement('p', {}, createElement('strong', {}, e.field), `: ${e.reason}; ${fallback}.`)),
    );
  }

  clear(): void {
    this.root.replaceChildren();
  }
}
