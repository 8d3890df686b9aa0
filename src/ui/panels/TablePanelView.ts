import type { ReadyTable } from '../../program/createProgram';
import type { FrameRecord } from '../../timeline/getFrame';
import { createElement } from '../createElement';

type RowKind = 'word' | 'bank';

interface Cell {
  readonly element: HTMLElement;
  readonly lane: number;
  readonly kind: RowKind;
  readonly value: string;
  readonly live: boolean;
}

/**
 * The lesson's worked example: word and bank of the first lanes, for each access the scene
 * compares. The scene's own rows fill in as its lanes fire, and a cell lights up while the
 * narration names it.
 */
export class TablePanelView {
  readonly element: HTMLElement;
  private readonly cells: Cell[] = [];
  private shown = '';

  constructor(table: ReadyTable) {
    const head = createElement(
      'tr',
      {},
      createElement('th', { scope: 'col' }, 'Lane'),
      ...Array.from({ length: table.lanes }, (_, lane) => createElement('th', { scope: 'col' }, `L${lane}`)),
    );
    const rows = table.accesses.flatMap((access) =>
      (['word', 'bank'] as const).map((kind) => {
        const name = kind === 'word' ? 'Word' : 'Bank';
        const values = kind === 'word' ? access.words : access.banks;
        const cells = values.map((value, lane) => {
          const element = createElement('td', { 'data-lane': String(lane), 'data-kind': kind });
          this.cells.push({
            element,
            lane,
            kind,
            value: access.reveal === 'later' ? '' : value,
            live: access.reveal === 'live',
          });
          return element;
        });
        return createElement(
          'tr',
          { 'data-reveal': access.reveal, 'data-kind': kind },
          createElement(
            'th',
            { scope: 'row' },
            name,
            ...(access.label === '' ? [] : [createElement('span', { class: 'row-note' }, access.label)]),
          ),
          ...cells,
        );
      }),
    );
    this.element = createElement(
      'section',
      { class: 'panel', 'data-panel': 'table' },
      createElement('h2', {}, table.title),
      createElement(
        'table',
        { class: 'example-table', 'data-testid': 'example-table' },
        createElement('thead', {}, head),
        createElement('tbody', {}, ...rows),
      ),
      createElement(
        'p',
        { class: 'panel-note' },
        `${table.wordRule ?? 'Word: the word each lane reads'}; bank = word mod the number of banks. A dot: not read yet.`,
      ),
    );
  }

  /** Follows the clock: live cells fill in once their lane has fired; named cells light up. */
  update(frame: FrameRecord): void {
    const named = new Set(frame.beat?.highlight?.table ?? []);
    const lanes = frame.beat?.highlight?.lanes;
    const key = `${frame.lanes.map((l) => (l.state === 'idle' ? 0 : 1)).join('')}|${[...named]}|${lanes}`;
    if (key === this.shown) return;
    this.shown = key;
    for (const cell of this.cells) {
      const fired = !cell.live || (frame.lanes[cell.lane]?.state ?? 'idle') !== 'idle';
      cell.element.textContent = cell.value !== '' && fired ? cell.value : '·';
      const lit = cell.live && named.has(cell.kind) && (lanes === undefined || lanes.includes(cell.lane));
      cell.element.classList.toggle('is-highlighted', lit);
    }
  }
}
