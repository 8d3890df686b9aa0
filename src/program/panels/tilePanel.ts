import { getElementBytes, getSpecTile, getTileMap, type TileLayout } from '../../engine';
import { getCuteSwizzleText, getSwizzleText, getTileCostText } from '../describeTile';
import { definePanelKind } from './definePanelKind';

/** The tile in memory, as both tile views draw it: every cell's bank, and the cells the read asks for. */
export interface TileRecord {
  readonly tile: TileLayout;
  readonly banks: number;
  /** Rows drawn: every row the read reaches, up to 64. */
  readonly rows: number;
  /** Each cell's bank (the bank of its first word), row after row; `null` for padding. */
  readonly cells: readonly (number | null)[];
  /** The cells the read asks for, where they sit in memory. */
  readonly read: readonly { readonly row: number; readonly column: number }[];
  /** What one cell is: a word, or an element of the access's type. */
  readonly unit: string;
  /** How to read the cells: colour (the bank, or a wide element's first word's), hatching, outlines. */
  readonly legend: string;
  readonly cost: string;
  /** What a swizzle does to it, for a swizzled tile. */
  readonly note: string | null;
}

/** The tile a row or column read reads: every element by its bank, padding hatched, the ones read outlined. */
export const tilePanel = definePanelKind<TileRecord, TileRecord>({
  kind: 'tile',
  content: (entry, schedule) => {
    const tile = getSpecTile(entry.spec);
    if (!tile?.ok) return null;
    const { rows, cells, read } = getTileMap(tile.value, schedule.access, schedule.type, schedule.model, 64);
    const bytes = getElementBytes(schedule.type);
    const unit = bytes === schedule.model.wordBytes ? 'word' : schedule.type;
    const note = entry.spec.swizzle
      ? getCuteSwizzleText(entry.spec.swizzle, schedule)
      : tile.value.layout === 'xor'
        ? getSwizzleText(tile.value, schedule)
        : null;
    return {
      tile: tile.value,
      banks: schedule.model.banks,
      rows,
      cells,
      read,
      unit,
      legend: getTileLegend(bytes > schedule.model.wordBytes, unit),
      cost: getTileCostText(tile.value, schedule),
      note,
    };
  },
  record: (tile) => tile,
});

/** The tile's key, on the page and in the frame alike. */
function getTileLegend(wide: boolean, unit: string): string {
  const colour = wide ? `the bank of each ${unit}’s first word` : `the bank each ${unit} lives in`;
  return `Colour: ${colour}. Hatched: padding. Outlined: the ${unit}s this read requests.`;
}
