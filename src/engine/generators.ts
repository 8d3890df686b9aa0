import { createAccess, MAX_WORD_INDEX, type Access } from './access';
import { FULL_MASK, isLaneActive, type LaneMask } from './activeLanes';
import { WARP_SIZE } from './bankModel';
import { checkInteger, fail, type Result } from './result';
import { evaluateIndex, KERNEL_GRAMMAR, parseIndexExpression } from './indexExpression';
import type { SharedArray } from './sharedArray';
import { DEFAULT_BLOCK, getThreadIndex, type ThreadBlock, type ThreadIndex } from './threadBlock';
import { createTileLayout, getWordAt, MAX_ROW, type TileShape } from './tileLayout';

/** The largest stride a strided read accepts. */
export const MAX_STRIDE = 4096;

interface Lanes {
  /** Active lanes; all 32 when omitted. */
  readonly mask?: LaneMask;
}

/** A read of a tile: its shape (see {@link TileShape}) and the active lanes. */
export interface TileRead extends Lanes, TileShape {}

/** Builds an access from a per-lane word function, leaving inactive lanes out. */
function fromLanes(mask: LaneMask, wordOf: (lane: number) => number, field: string): Result<Access> {
  const words: (number | null)[] = [];
  for (let lane = 0; lane < WARP_SIZE; lane++) {
    if (!isLaneActive(mask, lane)) {
      words.push(null);
      continue;
    }
    const word = wordOf(lane);
    if (word > MAX_WORD_INDEX) {
      return fail(field, `lane ${lane} would read word ${word}, beyond the largest word ${MAX_WORD_INDEX}`);
    }
    words.push(word);
  }
  return createAccess(words);
}

function highestLane(mask: LaneMask): number {
  return 31 - Math.clz32(mask >>> 0);
}

/** Lane `i` reads useful column `i` of row `row`: the lesson's conflict-free row read. */
export function createRowAccess(read: TileRead & { readonly row: number }): Result<Access> {
  const mask = read.mask ?? FULL_MASK;
  const tile = createTileLayout(read);
  if (!tile.ok) return tile;
  const row = checkInteger('row', read.row, 0, MAX_ROW);
  if (!row.ok) return row;
  const needed = highestLane(mask) + 1;
  if (needed > tile.value.columns) {
    return fail(
      'cols',
      `a row read by lanes 0–${needed - 1} needs at least ${needed} useful columns, not ${tile.value.columns}`,
    );
  }
  return fromLanes(mask, (lane) => getWordAt(tile.value, read.row, lane), 'row');
}

/** Lane `i` reads row `i` of useful column `col`: one word per row, a row pitch apart. */
export function createColumnAccess(read: TileRead & { readonly col: number }): Result<Access> {
  const mask = read.mask ?? FULL_MASK;
  const tile = createTileLayout(read);
  if (!tile.ok) return tile;
  const col = checkInteger('col', read.col, 0, tile.value.columns - 1);
  if (!col.ok) return col;
  return fromLanes(mask, (lane) => getWordAt(tile.value, lane, read.col), 'col');
}

/** Every active lane reads the same word. */
export function createBroadcastAccess(read: Lanes & { readonly word: number }): Result<Access> {
  const word = checkInteger('offset', read.word, 0, MAX_WORD_INDEX);
  if (!word.ok) return word;
  return fromLanes(read.mask ?? FULL_MASK, () => read.word, 'offset');
}

/** Lane `i` reads word `offset + i·stride`. */
export function createStridedAccess(
  read: Lanes & { readonly stride: number; readonly offset?: number },
): Result<Access> {
  const stride = checkInteger('stride', read.stride, 0, MAX_STRIDE);
  if (!stride.ok) return stride;
  const offset = checkInteger('offset', read.offset ?? 0, 0, MAX_WORD_INDEX);
  if (!offset.ok) return offset;
  return fromLanes(read.mask ?? FULL_MASK, (lane) => offset.value + lane * read.stride, 'stride');
}

/** What an expression may name beyond `lane`: the thread's place in its block, and a shared array. */
export interface KernelScope {
  readonly threads?: readonly (ThreadIndex | null)[];
  readonly block?: ThreadBlock;
  readonly warp?: number;
  readonly array?: SharedArray | null;
}

/**
 * Lane `i` reads the element a C integer expression gives it, like a kernel's own index
 * (`(lane % 8) * 33 + lane / 8`, `tile[threadIdx.x][threadIdx.y]`). An index outside memory or
 * outside the array, a division by zero or an overflow is an error naming the lane.
 */
export function createExpressionAccess(read: Lanes & KernelScope & { readonly expr: string }): Result<Access> {
  const parsed = parseIndexExpression(read.expr, KERNEL_GRAMMAR);
  if (!parsed.ok) return parsed;
  const mask = read.mask ?? FULL_MASK;
  const block = read.block ?? DEFAULT_BLOCK;
  const warp = read.warp ?? 0;
  const words: (number | null)[] = [];
  for (let lane = 0; lane < WARP_SIZE; lane++) {
    const thread = read.threads ? read.threads[lane] : getThreadIndex(block, warp, lane);
    if (!isLaneActive(mask, lane) || !thread) {
      words.push(null);
      continue;
    }
    const values = {
      lane,
      warp,
      'threadIdx.x': thread.x,
      'threadIdx.y': thread.y,
      'threadIdx.z': thread.z,
      'blockDim.x': block.x,
      'blockDim.y': block.y,
      'blockDim.z': block.z,
    };
    const word = evaluateIndex(parsed.value, { values, lane, array: read.array ?? null });
    if (!word.ok) return word;
    if (word.value < 0 || word.value > MAX_WORD_INDEX) {
      return fail('expr', `lane ${lane} would read word ${word.value}, outside 0 to ${MAX_WORD_INDEX}`);
    }
    words.push(word.value);
  }
  return createAccess(words);
}
