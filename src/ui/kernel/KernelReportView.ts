import {
  getModelNotes,
  groupDigits,
  writeBlock,
  type KernelLine,
  type KernelReport,
  type Operation,
} from '../../engine';
import {
  describeKernelGrid,
  describeKernelLine,
  describeKernelTotal,
  getInstructionConflict,
  sortByAccessLine,
  sortByExcess,
} from '../../program/describeKernel';
import { getAccessLine } from '../../engine/kernel/kernelRows';
import { getInstruction } from '../../engine/kernel/kernelInstructions';
import { createElement } from '../createElement';

/**
 * A row of the report: a kernel line, the line inside a function it calls (left out: its first, as
 * a link may leave it out), and one of its operations (`null`: its first).
 */
export interface RowKey {
  readonly line: number;
  readonly inner?: number | null;
  readonly op: Operation | null;
}

/** How far past its ideal a line is: what its row and gutter mark are coloured by. */
export const getExcessLevel = (line: Pick<KernelLine, 'rounds' | 'ideal' | 'excess'>): 'none' | 'some' | 'much' =>
  line.excess === 0 ? 'none' : line.rounds <= 2 * line.ideal ? 'some' : 'much';

export const isRow = (line: KernelLine, key: RowKey | null) =>
  key !== null &&
  line.line === key.line &&
  (key.inner === undefined || line.inner === key.inner) &&
  (key.op === null || line.op === key.op);

type Order = 'excess' | 'line';

/**
 * The kernel's report as a table, a row per line and operation (the most excess first, or in
 * source order), each with its instructions, rounds, ideal and excess over the block, and the
 * verdict in words. Choosing a row (a click, or Enter on its line) puts the line on stage.
 */
export class KernelReportView {
  readonly element: HTMLElement;
  private readonly heading = createElement('h3', {}, 'Report, over one block');
  private readonly verdict = createElement('p', { class: 'kernel-verdict', 'data-testid': 'kernel-verdict' });
  private readonly busy = createElement('p', { class: 'panel-note kernel-busy', hidden: '' });
  /** Shows the last good report again while the source has an error: collapsed, one click away. */
  private readonly reveal = createElement(
    'button',
    { type: 'button', class: 'text-button', 'aria-expanded': 'false', 'data-control': 'kernel-show-stale' },
    'Show the last report',
  );
  private readonly staleWords = createElement('span');
  private readonly stale = createElement(
    'p',
    { class: 'panel-note kernel-stale', 'data-testid': 'kernel-stale', hidden: '' },
    this.staleWords,
    this.reveal,
  );
  /** The block the source that does not run was analysed over. */
  private staleBlock = '';
  private readonly scroller: HTMLElement;
  private expanded = false;
  private readonly body = createElement('tbody');
  private readonly sorters = new Map<Order, HTMLTableCellElement>();
  private order: Order = 'excess';
  private shown: { report: KernelReport; chosen: RowKey | null; stale: boolean } | null = null;

  constructor(private readonly onChoose: (key: RowKey) => void) {
    this.reveal.addEventListener('click', () => {
      this.expanded = !this.expanded;
      this.render();
    });
    const sorter = (order: Order, label: string) => {
      const button = createElement('button', { type: 'button', class: 'sort-button' }, label);
      button.addEventListener('click', () => {
        this.order = order;
        this.render();
      });
      const cell = createElement('th', { scope: 'col' }, button);
      this.sorters.set(order, cell);
      return cell;
    };
    const column = (label: string) => createElement('th', { scope: 'col' }, label);
    const table = createElement(
      'table',
      { class: 'kernel-table', 'data-testid': 'kernel-report' },
      createElement('caption', { class: 'visually-hidden' }, 'Shared-memory accesses by line, over the block'),
      createElement(
        'thead',
        {},
        createElement(
          'tr',
          {},
          sorter('line', 'Line'),
          column('Op'),
          createElement('th', { scope: 'col', title: 'Warp instructions over the block' }, 'Instr.'),
          column('Rounds'),
          column('Ideal'),
          sorter('excess', 'Excess'),
          createElement('th', { scope: 'col', class: 'kernel-source-cell' }, 'Source'),
        ),
      ),
      this.body,
    );
    this.scroller = createElement('div', { class: 'kernel-table-scroller' }, table);
    this.element = createElement(
      'div',
      { class: 'kernel-report', 'aria-busy': 'false' },
      this.heading,
      this.busy,
      this.stale,
      this.verdict,
      this.scroller,
    );
  }

  /**
   * Shows `report`, `chosen` lit. `stale`: the source has changed since into one that does not run,
   * so the report is collapsed (its rows marked `data-stale`) behind a button that shows it again.
   */
  show(report: KernelReport, stale: boolean, chosen: RowKey | null): void {
    if (!stale || this.shown?.stale !== true) this.expanded = false;
    this.shown = { report, chosen, stale };
    this.render();
  }

  /** The block the analysis that failed ran over, said with its failure. */
  setStaleBlock(block: string): void {
    this.staleBlock = block;
  }

  /** Says that there is no report yet (the analyzer loading, or the first source refused). */
  showEmpty(message: string): void {
    this.shown = null;
    this.verdict.textContent = message;
    this.verdict.hidden = false;
    this.stale.hidden = true;
    this.scroller.hidden = false;
    this.body.replaceChildren();
  }

  /** Marks the report busy while the source is analysed over `block`; the words show only if it takes a while. */
  setBusy(block: string | null): void {
    this.element.setAttribute('aria-busy', String(block !== null));
    this.busy.hidden = block === null;
    if (block !== null) this.busy.textContent = `Analysing over block ${block}…`;
  }

  private render(): void {
    if (!this.shown) return;
    const { report, chosen, stale } = this.shown;
    this.heading.textContent = `Report, over one block of ${writeBlock(report.block)}`;
    const collapsed = stale && !this.expanded;
    this.stale.hidden = !stale;
    this.staleWords.textContent = `The source has an error, analysed over block ${this.staleBlock}: no report of it. `;
    this.reveal.textContent = this.expanded ? 'Hide it' : 'Show the last report';
    this.reveal.setAttribute('aria-expanded', String(this.expanded));
    this.verdict.hidden = collapsed;
    this.scroller.hidden = collapsed;
    this.element.classList.toggle('is-stale', stale);
    const chosenLine = report.lines.find((l) => isRow(l, chosen));
    const grid = describeKernelGrid(report);
    const worst = chosenLine && chosenLine.excess > 0 ? getInstruction(report.instructions, chosenLine.worst) : null;
    const conflict = worst ? getInstructionConflict(report, worst) : '';
    this.verdict.textContent = [
      describeKernelTotal(report),
      grid,
      chosenLine ? describeKernelLine(report, chosenLine, conflict) : '',
      ...getModelNotes(report.lines.map((l) => l.op)),
    ]
      .filter(Boolean)
      .join(' ');
    this.sorters.get('excess')!.setAttribute('aria-sort', this.order === 'excess' ? 'descending' : 'none');
    this.sorters.get('line')!.setAttribute('aria-sort', this.order === 'line' ? 'ascending' : 'none');
    const lines = this.order === 'excess' ? sortByExcess(report.lines) : sortByAccessLine(report.lines);
    this.body.replaceChildren(...lines.map((line) => this.createRow(line, isRow(line, chosen), stale)));
  }

  private createRow(line: KernelLine, chosen: boolean, stale: boolean): HTMLTableRowElement {
    const at = getAccessLine(line);
    // A line inside a called function: a row for each kernel line that calls it, saying which.
    const via = line.inner === null ? null : `via line ${line.line}`;
    const choose = createElement(
      'button',
      {
        type: 'button',
        class: 'kernel-line-button',
        'aria-pressed': String(chosen),
        'aria-label': `Line ${at}${via ? ` (${via})` : ''}, ${line.op}: put it on stage`,
      },
      String(at),
    );
    const number = (n: number) => createElement('td', { class: 'number' }, groupDigits(n));
    const row = createElement(
      'tr',
      {
        'data-testid': 'kernel-line',
        'data-line': String(at),
        ...(via ? { 'data-via': String(line.line) } : {}),
        'data-op': line.op,
        'data-executions': String(line.executions),
        'data-rounds': String(line.rounds),
        'data-ideal': String(line.ideal),
        class: `is-${getExcessLevel(line)}`,
      },
      // Beside the line's number, so that a phone, which hides the source, still tells the calls apart.
      createElement('td', {}, choose, ...(via ? [' ', createElement('span', { class: 'kernel-via' }, via)] : [])),
      createElement('td', {}, line.op),
      number(line.executions),
      number(line.rounds),
      number(line.ideal),
      number(line.excess),
      createElement('td', { class: 'kernel-source-cell' }, createElement('code', {}, line.source)),
    );
    if (chosen) row.setAttribute('aria-current', 'true');
    if (stale) row.dataset.stale = 'true';
    // The whole row is one target (a phone's tap); the button is what a keyboard reaches.
    row.addEventListener('click', () => this.onChoose({ line: line.line, inner: line.inner, op: line.op }));
    return row;
  }
}
