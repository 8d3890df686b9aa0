import { createElement } from '../../ui/createElement';
import { createTileSvg } from './createTileSvg';
import type { TileRecord } from './tilePanel';

/**
 * The tile in memory, in the page: every word coloured by its bank, padding hatched, the words
 * read outlined, with its cost and, for a swizzle, what the swizzle does.
 */
export class TilePageView {
  readonly element: HTMLElement;
  /** What the swizzle makes of this read, kept back while a question about it is open. */
  private readonly outcome: HTMLElement | null;

  constructor(record: TileRecord) {
    const { heading, tooWide, cost, legend, note, outcome } = record;
    this.outcome = outcome ? createElement('span', { 'data-testid': 'tile-outcome' }, ` ${outcome}`) : null;
    this.element = createElement(
      'section',
      { class: 'panel', 'data-panel': 'tile', 'data-testid': 'tile' },
      createElement('h2', {}, heading),
      createElement(
        'div',
        { class: 'tile-box' },
        tooWide === null ? createTileSvg(record) : createElement('p', { class: 'panel-note' }, tooWide),
        createElement('p', { class: 'panel-note', 'data-testid': 'tile-cost' }, cost),
        createElement('p', { class: 'panel-note' }, legend),
        ...(note
          ? [createElement('p', { class: 'panel-note', 'data-testid': 'tile-note' }, note, this.outcome ?? '')]
          : []),
      ),
    );
    this.draw(record);
  }

  /** Says the read's outcome once no question about it is open. */
  draw({ outcomeShown }: TileRecord): void {
    if (this.outcome && this.outcome.hidden === outcomeShown) this.outcome.hidden = !outcomeShown;
  }
}
