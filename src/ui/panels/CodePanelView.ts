import type { CodeListing } from '../../../scenes';
import { getCodeLines } from '../../program/getCodeLines';
import type { FrameRecord } from '../../timeline/getFrame';
import { createElement } from '../createElement';
import { revealInScroller } from '../revealInScroller';

/** A code listing whose lines light up as the narration points at them. */
export class CodePanelView {
  readonly element: HTMLElement;
  private readonly lines: HTMLElement[];
  private shown: readonly string[] | undefined | null = null;

  constructor(private readonly code: CodeListing) {
    this.lines = code.text
      .replace(/\n$/, '')
      .split('\n')
      .map((line, i) => createElement('span', { class: 'code-line', 'data-line': String(i + 1) }, line || ' '));
    this.element = createElement(
      'section',
      { class: 'panel', 'data-panel': 'code' },
      createElement('h2', {}, code.title),
      createElement(
        'pre',
        { class: 'code', 'data-testid': 'code', tabindex: '0', 'aria-label': `The program ${code.title}` },
        createElement('code', {}, ...this.lines),
      ),
    );
  }

  update(frame: FrameRecord): void {
    const pieces = frame.beat?.highlight?.code;
    if (pieces === this.shown) return;
    this.shown = pieces;
    const lit = new Set(getCodeLines(this.code.text, pieces ?? []));
    this.lines.forEach((line, i) => {
      const on = lit.has(i + 1);
      line.classList.toggle('is-highlighted', on);
      if (on) line.setAttribute('aria-current', 'true');
      else line.removeAttribute('aria-current');
    });
    // The line under discussion may sit far down a long program.
    const first = this.lines[Math.min(...lit) - 1];
    if (first) revealInScroller(first);
  }
}
