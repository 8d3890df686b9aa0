import {
  getPaddingWords,
  getTileFootprint,
  getTileRows,
  getElementBytes,
  getSwizzleBits,
  groupDigits,
  isSwizzleConflictFree,
  type BitRange,
  type Schedule,
  type Swizzle,
  type TileLayout,
} from '../engine';

/** What a tile costs, in a sentence: rows × pitch × word bytes, and how much of it is padding. */
export function getTileCostText(tile: TileLayout, schedule: Schedule): string {
  const rows = getTileRows(tile, schedule.access);
  const bytes = getElementBytes(schedule.type);
  const cost = getTileFootprint(tile, rows, bytes);
  // A tile of 4-byte elements counts words, as the lesson does; any other counts its elements.
  const unit = bytes === schedule.model.wordBytes ? 'word' : schedule.type;
  const total = `${rows} rows × ${tile.pitch} ${unit}s × ${bytes} bytes = ${groupDigits(cost.bytes)} bytes`;
  if (cost.paddingBytes === 0) return `${total}, no padding.`;
  const pad = getPaddingWords(tile);
  return `${total}, of which ${groupDigits(cost.paddingBytes)} are padding (${pad} ${unit}${pad === 1 ? '' : 's'} per row): the tile is ${(cost.overhead * 100).toFixed(1)}% larger than its ${groupDigits(cost.usefulBytes)} useful bytes.`;
}

/** Bits of an offset in words: `bit 3`, `bits 3–5`. */
const sayBits = ({ from, count }: BitRange) => (count === 1 ? `bit ${from}` : `bits ${from}–${from + count - 1}`);

/**
 * What a swizzle does to a tile (`rule`), and what that makes of this read (`outcome`): two parts,
 * since the second answers a question about the read's rounds, and waits while one is open.
 */
export interface SwizzleNote {
  readonly rule: string;
  readonly outcome: string;
}

/** What a CuTe swizzle does to the tile, in a sentence, and what it costs (nothing in memory). */
export function getCuteSwizzleText(swizzle: Swizzle, schedule: Schedule): SwizzleNote {
  const { bits: b, base: m, shift: s } = swizzle;
  const { read, changed, mask } = getSwizzleBits(swizzle);
  const moved = s >= 0 ? `o >> ${s}` : `o << ${-s}`;
  return {
    rule: `Swizzle<${b},${m},${s}>: element offset o is stored at o XOR ((${moved}) & ${mask}): ${sayBits(read)} of the offset change ${sayBits(changed)}, so elements move to other places and no padding is spent.`,
    outcome: `This read takes ${schedule.rounds} round${schedule.rounds === 1 ? '' : 's'}.`,
  };
}

/** What the XOR swizzle does to this tile, and whether its rule promises a conflict-free column read. */
export function getSwizzleText(tile: TileLayout, schedule: Schedule): SwizzleNote {
  const banks = schedule.model.banks;
  return {
    rule: `XOR swizzle: row r keeps useful column c at position c XOR (r mod ${tile.columns}) of the row, so one column sits at a different position in each row, with no extra memory.`,
    outcome: isSwizzleConflictFree(tile, banks)
      ? `With at least ${banks} useful columns and a pitch that is a multiple of ${banks}, lane i finds column c at position c XOR i, so a whole warp's column read lands in ${banks} different banks: conflict-free.`
      : `The swizzle promises a conflict-free column read when the tile has at least ${banks} useful columns and a pitch that is a multiple of ${banks}; this tile has ${tile.columns} and ${tile.pitch}, so no such promise holds and the round count is whatever the model finds.`,
  };
}
