import { getSpecTile, getTileRows, type Schedule, type TileLayout } from '../../engine';
import { getSwizzleText, getTileCostText } from '../describeTile';
import { definePanelKind } from './definePanelKind';

/** The tile in memory: its layout, the read, how many rows to draw, and what it costs. */
export interface TileRecord {
  readonly tile: TileLayout;
  readonly schedule: Schedule;
  /** Rows drawn: every row the read reaches, up to 64. */
  readonly rows: number;
  readonly cost: string;
  /** What a swizzle does to it, for a swizzled tile. */
  readonly note: string | null;
}

/** The tile a row or column read reads: every word by its bank, padding hatched, the words read outlined. */
export const tilePanel = definePanelKind<TileRecord, TileRecord>({
  kind: 'tile',
  content: (entry, schedule) => {
    const tile = getSpecTile(entry.spec);
    if (!tile?.ok) return null;
    return {
      tile: tile.value,
      schedule,
      rows: Math.min(getTileRows(tile.value, schedule.access), 64),
      cost: getTileCostText(tile.value, schedule),
      note: tile.value.layout === 'xor' ? getSwizzleText(tile.value, schedule) : null,
    };
  },
  record: (tile) => tile,
});
