import { createElement } from '../../ui/createElement';
import type { TableRecord } from './tablePanel';

/**
 * A label's words, each kept whole: a long one (`float tile[32][33]`) wraps only at its spaces, never
 * between a declaration's brackets.
 */
const splitAtSpaces = (label: string) =>
  label
    .split(' ')
    .flatMap((word, i) => [...(i > 0 ? [' '] : []), createElement('span', { class: 'row-note-word' }, word)]);

/**
 * The lesson's worked example in the page: word and bank of the first lanes, for each access the
 * scene compares, laid out from the table panel's record.
 */
export class TablePageView {
  readonly element: HTMLElement;
  private readonly cells: HTMLElement[][];
  private shown = '';

  constructor(first: TableRecord) {
    const head = createElement(
      'tr',
      {},
      createElement('th', { scope: 'col' }, first.laneHeading),
      ...first.lanes.map((lane) => createElement('th', { scope: 'col' }, lane)),
    );
    this.cells = first.rows.map((row) =>
      row.cells.map((cell) => createElement('td', { 'data-lane': String(cell.lane), 'data-kind': row.kind })),
    );
    const rows = first.rows.map((row, r) =>
      createElement(
        'tr',
        { 'data-reveal': row.reveal, 'data-kind': row.kind },
        createElement(
          'th',
          { scope: 'row' },
          row.name,
          ...(row.label === '' ? [] : [createElement('span', { class: 'row-note' }, ...splitAtSpaces(row.label))]),
        ),
        ...this.cells[r],
      ),
    );
    this.element = createElement(
      'section',
      { class: 'panel', 'data-panel': 'table' },
      createElement('h2', {}, first.title),
      createElement(
        'table',
        { class: 'example-table', 'data-testid': 'example-table' },
        createElement('thead', {}, head),
        createElement('tbody', {}, ...rows),
      ),
      createElement('p', { class: 'panel-note' }, first.note),
    );
    this.draw(first);
  }

  draw(record: TableRecord): void {
    const key = JSON.stringify(record.rows);
    if (key === this.shown) return;
    this.shown = key;
    record.rows.forEach((row, r) =>
      row.cells.forEach((cell, c) => {
        const element = this.cells[r][c];
        if (element.textContent !== cell.text) element.textContent = cell.text;
        element.classList.toggle('is-highlighted', cell.lit);
      }),
    );
  }
}
