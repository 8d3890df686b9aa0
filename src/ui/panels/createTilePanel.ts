import {
  getPaddingWords,
  getTileFootprint,
  getTileRows,
  isSwizzleConflictFree,
  type Schedule,
  type TileLayout,
} from '../../engine';
import { createElement } from '../createElement';
import { createTileView } from './createTileView';

const format = (n: number) => n.toLocaleString('en');

/** Wider rows than this are described, not drawn: a cell would be thinner than a hairline. */
const MAX_DRAWN_PITCH = 128;

/** What a tile costs, in a sentence: rows × pitch × word bytes, and how much of it is padding. */
export function getTileCostText(tile: TileLayout, schedule: Schedule): string {
  const rows = getTileRows(tile, schedule.access);
  const bytes = schedule.model.wordBytes;
  const cost = getTileFootprint(tile, rows, bytes);
  const total = `${rows} rows × ${tile.pitch} words × ${bytes} bytes = ${format(cost.bytes)} bytes`;
  if (cost.paddingBytes === 0) return `${total}, no padding.`;
  const pad = getPaddingWords(tile);
  return `${total}, of which ${format(cost.paddingBytes)} are padding (${pad} word${pad === 1 ? '' : 's'} per row): the tile is ${(cost.overhead * 100).toFixed(1)}% larger than its ${format(cost.usefulBytes)} useful bytes.`;
}

/** What the XOR swizzle does to this tile, and whether its rule promises a conflict-free column read. */
export function getSwizzleText(tile: TileLayout, schedule: Schedule): string {
  const banks = schedule.model.banks;
  const rule = `XOR swizzle: row r keeps useful column c at position c XOR (r mod ${tile.columns}) of the row, so one column sits at a different position in each row, with no extra memory.`;
  return isSwizzleConflictFree(tile, banks)
    ? `${rule} With at least ${banks} useful columns and a pitch that is a multiple of ${banks}, lane i finds column c at position c XOR i, so a whole warp's column read lands in ${banks} different banks: conflict-free.`
    : `${rule} The swizzle promises a conflict-free column read when the tile has at least ${banks} useful columns and a pitch that is a multiple of ${banks}; this tile has ${tile.columns} and ${tile.pitch}, so no such promise holds and the round count is whatever the model finds.`;
}

/**
 * The tile in memory: every word coloured by its bank, padding hatched, the words read outlined,
 * with its cost and, for a swizzle, what the swizzle does.
 */
export function createTilePanel(tile: TileLayout, schedule: Schedule): HTMLElement {
  const rows = getTileRows(tile, schedule.access);
  return createElement(
    'div',
    { class: 'tile-box', 'data-testid': 'tile' },
    tile.pitch <= MAX_DRAWN_PITCH
      ? createTileView(schedule.access, tile, Math.min(rows, 64), schedule.model)
      : createElement('p', { class: 'panel-note' }, `A row of ${tile.pitch} words is too wide to draw here.`),
    createElement('p', { class: 'panel-note', 'data-testid': 'tile-cost' }, getTileCostText(tile, schedule)),
    createElement(
      'p',
      { class: 'panel-note' },
      'Colour: the bank each word lives in. Hatched: padding. Outlined: the words this read requests.',
    ),
    ...(tile.layout === 'xor'
      ? [createElement('p', { class: 'panel-note', 'data-testid': 'tile-note' }, getSwizzleText(tile, schedule))]
      : []),
  );
}
