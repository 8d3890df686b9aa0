import type { Schedule } from '../engine';
import type { FrameRecord } from '../timeline/getFrame';
import type { PlayerSession } from '../session/PlayerSession';
import { createElement } from './createElement';

/** How many of a bank's words a card shows at once; the rest fold into counts. */
const SHOWN_WORDS = 5;

/**
 * Keeps the word being served in view on a card with a long queue: a window of words around it,
 * with the ones before and after folded into "+n served" and "+n more". Folded words stay in the
 * text (visually hidden), so a screen reader still hears every word.
 */
function foldWords(card: HTMLElement, words: HTMLElement[], round: number): void {
  const fold = words.length > SHOWN_WORDS + 1;
  // A bank's words are served in its queue's order, in rounds that skip the phases it has no word in.
  const next = words.findIndex((word) => Number(word.dataset.round) >= round);
  const current = next === -1 ? words.length - 1 : next;
  const start = fold ? Math.max(0, Math.min(current - 1, words.length - SHOWN_WORDS)) : 0;
  const end = fold ? start + SHOWN_WORDS : words.length;
  words.forEach((word, i) => word.classList.toggle('is-folded', i < start || i >= end));
  card.querySelector<HTMLElement>('[data-fold="before"]')!.textContent = start > 0 ? `+${start} served` : '';
  card.querySelector<HTMLElement>('[data-fold="after"]')!.textContent =
    end < words.length ? `+${words.length - end} more` : '';
}

/** A lane's words (or their banks) in a cell: one, or the first and last of several ("36–39"). */
const spanOf = (values: readonly number[], prefix = '') =>
  values.length === 1 ? `${prefix}${values[0]}` : `${prefix}${values[0]}–${prefix}${values.at(-1)}`;

/**
 * The "requests grouped by bank" panel: the DOM twin of the stage and its accessible text.
 *
 * @remarks
 * Its attributes are a public contract (docs/architecture.md, DESIGN.md) that tests and screen readers rely on.
 * It lists the engine's schedule, and follows the clock through the same frame records the stage
 * draws, so the two never disagree on what is served when.
 */
export class MirrorView {
  private readonly roundCount: HTMLElement;
  private readonly roundCurrent: HTMLElement;
  private readonly phaseCount: HTMLElement;
  private readonly phaseStatus: HTMLElement;
  private readonly pairStatus: HTMLElement;
  private readonly announcer: HTMLElement;
  private readonly cards: HTMLElement;
  private readonly laneBody: HTMLElement;
  private schedule: Schedule | null = null;
  private round = -1;
  private shown = '';
  private selected: readonly number[] = [];

  constructor(root: HTMLElement, session: PlayerSession) {
    this.roundCount = root.querySelector('[data-testid="round-count"]')!;
    this.roundCurrent = root.querySelector('[data-testid="round-current"]')!;
    this.phaseCount = root.querySelector('[data-testid="phase-count"]')!;
    this.phaseStatus = root.querySelector('[data-mirror="phases"]')!;
    this.pairStatus = root.querySelector('[data-mirror="pairs"]')!;
    this.announcer = root.querySelector('[data-testid="round-announcer"]')!;
    this.cards = root.querySelector('[data-mirror="banks"]')!;
    this.laneBody = root.querySelector('[data-mirror="lanes"]')!;
    // Picking an inspected lane again puts it down.
    const pick = (e: Event) => {
      const row = (e.target as HTMLElement).closest<HTMLElement>('[data-testid="lane-row"]');
      if (row) session.send({ type: 'lane.toggle', lane: Number(row.dataset.lane) });
    };
    this.laneBody.addEventListener('click', pick);
    // One tab stop for the table: arrows move between its rows (a roving tab index).
    this.laneBody.addEventListener('keydown', (e) => {
      const rows = [...this.laneBody.children] as HTMLElement[];
      const at = rows.indexOf((e.target as HTMLElement).closest('tr') as HTMLElement);
      const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: rows.length - 1 }[e.key];
      if (e.key === 'Enter' || e.key === ' ') pick(e);
      else if (to !== undefined && rows[to]) this.focusRow(rows[to]);
      else return;
      e.preventDefault();
      e.stopPropagation();
    });
    session.on('scene', ({ plan }) => this.show(plan.schedule));
    session.on('frame', (frame) => this.follow(frame));
    session.select(
      ({ context }) => context.view.lanes,
      (lanes) => this.setSelectedLanes(lanes),
    );
  }

  /** Makes `row` the table's one tab stop, and focuses it. */
  private focusRow(row: HTMLElement): void {
    for (const other of this.laneBody.children) other.setAttribute('tabindex', '-1');
    row.setAttribute('tabindex', '0');
    row.focus();
  }

  /** Marks the inspected lanes' rows. */
  private setSelectedLanes(lanes: readonly number[]): void {
    if (lanes.join() === this.selected.join()) return;
    this.selected = lanes;
    for (const row of this.laneBody.children as HTMLCollectionOf<HTMLElement>) {
      row.setAttribute('aria-selected', String(lanes.includes(Number(row.dataset.lane))));
    }
  }

  /** Lays out the cards and rows of a new access. */
  private show(schedule: Schedule): void {
    this.schedule = schedule;
    this.round = -1;
    this.shown = '';
    this.roundCount.textContent = String(schedule.rounds);
    this.phaseCount.textContent = String(schedule.activePhases);
    // Every lesson access is one phase: the count is said only where there are more.
    this.phaseStatus.hidden = schedule.activePhases < 2;
    // A wide load whose lanes pair is served a pair at a time (the operations table's pair rule).
    this.pairStatus.hidden = schedule.request.pairs === null;
    this.pairStatus.querySelector('[data-testid="pair-distance"]')!.textContent = String(schedule.request.pairs ?? '');
    this.cards.replaceChildren(
      ...schedule.banks.map((bank) => {
        const words = bank.queue.map((q) => q.word);
        return createElement(
          'li',
          {
            'data-testid': 'bank-card',
            'data-bank': String(bank.bank),
            'data-distinct': String(words.length),
            'data-words': words.join(','),
            'data-serving': 'false',
            'data-busiest': 'false',
            class: words.length === 0 ? 'bank-card is-empty' : 'bank-card',
          },
          createElement('span', { class: 'bank-name' }, `B${bank.bank}`),
          createElement(
            'span',
            { class: 'bank-count', title: 'distinct words requested' },
            words.length === 1 ? '1 word' : `${words.length} words`,
          ),
          createElement(
            'span',
            { class: 'bank-words' },
            createElement('span', { class: 'fold', 'data-fold': 'before', 'aria-hidden': 'true' }),
            ...bank.queue.map((q) => createElement('span', { 'data-round': String(q.round) }, String(q.word))),
            createElement('span', { class: 'fold', 'data-fold': 'after', 'aria-hidden': 'true' }),
          ),
        );
      }),
    );
    this.laneBody.replaceChildren(
      ...schedule.lanes.map((lane) =>
        createElement(
          'tr',
          {
            'data-testid': 'lane-row',
            'data-lane': String(lane.lane),
            'data-active': String(lane.active),
            'data-word': lane.word === null ? '' : String(lane.word),
            'data-bank': lane.bank === null ? '' : String(lane.bank),
            'data-round': lane.round === null ? '' : String(lane.round),
            'data-phase': lane.phase === null ? '' : String(lane.phase),
            'data-words': lane.words.join(','),
            'data-address': lane.address === null ? '' : String(lane.address),
            'data-race': String(lane.race),
            tabindex: lane.lane === 0 ? '0' : '-1',
            'aria-selected': String(this.selected.includes(lane.lane)),
          },
          createElement('th', { scope: 'row' }, `L${lane.lane}`),
          createElement('td', {}, lane.word === null ? 'inactive' : spanOf(lane.words)),
          createElement('td', {}, lane.bank === null ? '–' : spanOf(lane.banks, 'B')),
          createElement('td', {}, lane.round === null ? '–' : String(lane.round)),
        ),
      ),
    );
  }

  /**
   * Follows the clock's frame record: the round, the banks serving and the busiest, and the lanes
   * receiving their words, exactly as the stage draws them.
   */
  private follow(frame: FrameRecord): void {
    if (!this.schedule) return;
    const key = `${frame.round}|${frame.banks.map((b) => `${+b.serving}${+b.busiest}`).join('')}|${frame.lanes.map((l) => l.state).join()}`;
    if (key === this.shown) return;
    this.shown = key;
    const round = frame.round;
    if (round !== this.round) {
      this.round = round;
      this.roundCurrent.textContent = String(round);
      this.announcer.textContent =
        round === 0
          ? `${this.schedule.rounds} round${this.schedule.rounds === 1 ? '' : 's'} to serve`
          : `Round ${round} of ${this.schedule.rounds}`;
    }
    [...(this.cards.children as HTMLCollectionOf<HTMLElement>)].forEach((card, i) => {
      const bank = frame.banks[i];
      card.dataset.serving = String(bank.serving);
      card.dataset.busiest = String(bank.busiest);
      const words = [...card.querySelectorAll<HTMLElement>('.bank-words > [data-round]')];
      for (const word of words) {
        word.classList.toggle('is-serving', bank.serving && Number(word.dataset.round) === round);
        word.classList.toggle('is-served', Number(word.dataset.round) < round);
      }
      foldWords(card, words, round);
    });
    [...(this.laneBody.children as HTMLCollectionOf<HTMLElement>)].forEach((row, i) =>
      row.classList.toggle('is-receiving', frame.lanes[i]?.state === 'receiving'),
    );
  }
}
