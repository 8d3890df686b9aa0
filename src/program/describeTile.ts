import {
  getPaddingWords,
  getTileFootprint,
  getTileRows,
  isSwizzleConflictFree,
  type Schedule,
  type TileLayout,
} from '../engine';

const format = (n: number) => n.toLocaleString('en');

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
