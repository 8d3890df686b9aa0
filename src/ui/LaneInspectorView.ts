import {
  DEFAULT_ACCESS_SPEC,
  getLaneWait,
  getSpecTile,
  getTileCell,
  plural,
  type AccessSpec,
  type Schedule,
} from '../engine';
import { hasThreadShape } from '../program/describeLane';
import type { PlayerSession } from '../session/PlayerSession';
import { createElement } from './createElement';

/**
 * Inspect a lane (or two, side by side): its word, bank and round, the lanes sharing its word, and
 * its cell in the tile. The same view serves the walkthrough and Explore; the stage shows the same
 * lanes' callouts.
 */
export class LaneInspectorView {
  private schedule: Schedule | null = null;
  private spec: AccessSpec | null = null;
  private lanes: readonly number[] = [];

  constructor(
    private readonly root: HTMLElement,
    session: PlayerSession,
  ) {
    session.on('scene', ({ plan, entry }) => {
      this.schedule = plan.schedule;
      this.spec = entry.spec;
      this.render();
    });
    session.select(
      ({ context }) => context.view.lanes,
      (lanes) => {
        this.lanes = lanes;
        this.render();
      },
    );
  }

  private render(): void {
    const s = this.schedule;
    if (!s || this.lanes.length === 0) {
      this.root.replaceChildren(
        createElement(
          'p',
          { class: 'panel-note' },
          'Select a lane (or two) in the table below, or on the stage, to inspect it.',
        ),
      );
      return;
    }
    this.root.replaceChildren(...this.lanes.map((lane) => this.describe(s, lane)));
  }

  private describe(s: Schedule, lane: number): HTMLElement {
    const slot = s.lanes[lane];
    if (!slot.active || slot.word === null)
      return createElement('p', {}, `Lane L${slot.lane} is inactive: it asks for nothing.`);
    const tile = this.spec ? getSpecTile(this.spec) : null;
    // A tile's rows and columns count elements, as its pitch does.
    const element = s.access[lane];
    const cell = tile?.ok && element !== null ? getTileCell(tile.value, element) : null;
    const wide =
      s.phases.length > 1 ||
      slot.words.length > 1 ||
      s.type !== DEFAULT_ACCESS_SPEC.type ||
      s.op !== DEFAULT_ACCESS_SPEC.op;
    const facts: [string, string][] = [
      [slot.words.length > 1 ? 'Words' : 'Word', slot.words.join(', ')],
      [slot.words.length > 1 ? 'Banks' : 'Bank', slot.banks.map((bank) => `B${bank}`).join(', ')],
      ['Round', `${slot.round} of ${s.rounds}`],
      ['Waits behind', describeWait(s, lane)],
      ['Shares its word with', slot.sharers.length ? slot.sharers.map((l) => `L${l}`).join(', ') : 'no other lane'],
    ];
    if (wide || hasThreadShape(s)) {
      facts.push(['Address', `byte ${slot.address} (${slot.bytes} byte${slot.bytes === 1 ? '' : 's'}, ${s.type})`]);
      facts.push(['Phase', `${s.phases[slot.phase! - 1].ordinal} of ${s.activePhases}`]);
      if (slot.thread) facts.push(['Thread', `threadIdx (${slot.thread.x}, ${slot.thread.y}, ${slot.thread.z})`]);
    }
    if (slot.race)
      facts.push(['Store', 'races: another lane stores to the same bytes, and which value lands is undefined']);
    if (cell && tile?.ok) {
      facts.push(['Tile row', String(cell.row)]);
      facts.push([
        'Tile column',
        cell.column === null
          ? `padding (position ${cell.physicalColumn})`
          : tile.value.layout === 'xor'
            ? `${cell.column} (stored at physical column ${cell.physicalColumn})`
            : String(cell.column),
      ]);
    }
    return createElement(
      'section',
      { class: 'inspected-lane' },
      createElement('h3', {}, `Lane L${slot.lane}`),
      createElement(
        'dl',
        { class: 'facts' },
        ...facts.flatMap(([k, v]) => [createElement('dt', {}, k), createElement('dd', {}, v)]),
      ),
    );
  }
}

/**
 * What a lane waits behind in the bank that serves its last word: the words queued ahead of it there
 * in its phase, each named by the lowest lane asking for it (the model's service order).
 */
function describeWait(s: Schedule, lane: number): string {
  const wait = getLaneWait(s, lane);
  if (!wait) return 'nothing';
  if (wait.ahead.length === 0) return `nothing: B${wait.bank} serves its word ${wait.word} first`;
  const shown = wait.ahead.slice(0, 3).map((w) => `L${w.lanes[0]}’s word ${w.word}`);
  const more = wait.ahead.length > shown.length ? `, and ${wait.ahead.length - shown.length} more` : '';
  return `${plural(wait.ahead.length, 'word')} ahead in B${wait.bank}: ${shown.join(', ')}${more}`;
}
