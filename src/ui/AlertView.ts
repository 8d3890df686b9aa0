import type { EngineError } from '../engine';
import { createElement } from './createElement';

/**
 * The alert box: what was wrong with the link (one line per bad parameter, naming it and the
 * reason) and with a lesson file (every problem by line, column and path). It can be dismissed,
 * and it floats over the page rather than pushing the player down.
 */
export class AlertView {
  private readonly sections = new Map<'link' | 'lesson' | 'load', Node[]>();
  /** The parts of the page whose code did not arrive, by name. */
  private readonly unloaded = new Set<string>();

  constructor(
    private readonly box: HTMLElement,
    private readonly list: HTMLElement,
    close: HTMLButtonElement,
  ) {
    close.addEventListener('click', () => this.clear());
  }

  /** The link's bad parameters, each with the reason and what is used instead. */
  show(errors: readonly EngineError[], fallback = 'the default is used instead'): void {
    this.set(
      'link',
      errors.map((e) => createElement('p', {}, createElement('strong', {}, e.field), `: ${e.reason}; ${fallback}.`)),
    );
  }

  /**
   * A heading and a line each: a lesson file's problems, and after them (under their own heading)
   * what is only worth a second look. Empty: the lesson has nothing to say.
   */
  showLines(heading: string, lines: readonly string[], secondHeading = '', secondLines: readonly string[] = []): void {
    const list = (testid: string, title: string, items: readonly string[]) =>
      items.length === 0
        ? []
        : [
            createElement('p', { 'data-testid': testid }, createElement('strong', {}, title)),
            createElement('ul', {}, ...items.map((line) => createElement('li', {}, line))),
          ];
    this.set('lesson', [
      ...list('lesson-heading', heading, lines),
      ...list('lesson-warnings', secondHeading, secondLines),
    ]);
  }

  /**
   * Says that a part of the page could not load (its code did not arrive), or no longer, once it has:
   * the browser's own message names only a file, so the learner is told what it means instead.
   */
  setLoadFailure(part: string, failed: boolean): void {
    if (failed === this.unloaded.has(part)) return;
    if (failed) this.unloaded.add(part);
    else this.unloaded.delete(part);
    this.set(
      'load',
      [...this.unloaded].map((name) =>
        createElement(
          'p',
          {},
          createElement('strong', {}, name),
          ' could not load: its code did not arrive (offline, or the site was updated since this page opened). The rest of the player works; try again, or reload the page.',
        ),
      ),
    );
  }

  clear(): void {
    this.sections.clear();
    this.render();
  }

  private set(section: 'link' | 'lesson' | 'load', nodes: Node[]): void {
    this.sections.set(section, nodes);
    this.render();
  }

  private render(): void {
    const nodes = [...this.sections.values()].flat();
    this.list.replaceChildren(...nodes);
    this.box.hidden = nodes.length === 0;
  }
}
