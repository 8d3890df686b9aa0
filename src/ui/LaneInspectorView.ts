import { getSpecTile, getTileCell, type AccessSpec, type Schedule } from '../engine';
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
    const cell = tile?.ok ? getTileCell(tile.value, slot.word) : null;
    const facts: [string, string][] = [
      ['Word', String(slot.word)],
      ['Bank', `B${slot.bank}`],
      ['Round', `${slot.round} of ${s.rounds}`],
      ['Shares its word with', slot.sharers.length ? slot.sharers.map((l) => `L${l}`).join(', ') : 'no other lane'],
    ];
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
