import { createElement } from '../../ui/createElement';
import { revealInScroller } from '../../ui/revealInScroller';
import type { CodeRecord } from './codePanel';

/** A code listing in the page whose lines light up as the narration points at them. */
export class CodePageView {
  readonly element: HTMLElement;
  private readonly lines: HTMLElement[];
  private shown = '';

  constructor(first: CodeRecord) {
    // Each line's indent, so that a line too long for the panel wraps under its own code, not the margin.
    this.lines = first.lines.map((line, i) =>
      createElement(
        'span',
        { class: 'code-line', 'data-line': String(i + 1), style: `--indent: ${/^ */.exec(line)![0].length}` },
        line || ' ',
      ),
    );
    this.element = createElement(
      'section',
      { class: 'panel', 'data-panel': 'code' },
      createElement('h2', {}, first.title),
      createElement(
        'pre',
        { class: 'code', 'data-testid': 'code', tabindex: '0', 'aria-label': first.label },
        createElement('code', {}, ...this.lines),
      ),
    );
    this.draw(first);
  }

  draw({ lit }: CodeRecord): void {
    const key = lit.join();
    if (key === this.shown) return;
    this.shown = key;
    this.lines.forEach((line, i) => {
      const on = lit.includes(i + 1);
      line.classList.toggle('is-highlighted', on);
      if (on) line.setAttribute('aria-current', 'true');
      else line.removeAttribute('aria-current');
    });
    // The line under discussion may sit far down a long program; the first draw is before the panel
    // is in the page (a kernel scene's line is lit from its start), so it is shown once it is there.
    const first = this.lines[Math.min(...lit) - 1];
    if (!first) return;
    if (this.element.isConnected) revealInScroller(first);
    else requestAnimationFrame(() => this.element.isConnected && revealInScroller(first));
  }
}
