import { WARP_SIZE } from './bankModel';
import { fail, ok, type Result } from './result';

/** A thread block's size in threads along x, y and z (`blockDim`). */
export interface ThreadBlock {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** A thread's place in its block (`threadIdx`). */
export type ThreadIndex = ThreadBlock;

/** CUDA's limits on a block: 1,024 threads in all, at most 1,024 along x or y and 64 along z. */
export const MAX_BLOCK_THREADS = 1024;
const MAX_DIM = { x: 1024, y: 1024, z: 64 } as const;

/** The lesson's block: one warp of 32 threads along x. */
export const DEFAULT_BLOCK: ThreadBlock = Object.freeze({ x: WARP_SIZE, y: 1, z: 1 });

/** How many threads a block holds. */
export const getBlockThreads = (block: ThreadBlock) => block.x * block.y * block.z;

/** How many warps a block is split into (the last one partly full when 32 does not divide it). */
export const getBlockWarps = (block: ThreadBlock) => Math.ceil(getBlockThreads(block) / WARP_SIZE);

/** Reads `X`, `XxY` or `XxYxZ` (an `×` or `*` also separates), checked against CUDA's limits. */
export function parseBlock(text: string): Result<ThreadBlock> {
  const parts = typeof text === 'string' ? text.trim().split(/\s*[x×*,]\s*/i) : [];
  if (parts.length < 1 || parts.length > 3 || !parts.every((p) => /^\d{1,5}$/.test(p)))
    return fail('block', `must be X, XxY or XxYxZ threads (like 32x8), not "${String(text).slice(0, 40)}"`);
  const [x, y = 1, z = 1] = parts.map(Number);
  return createBlock({ x, y, z });
}

/** Checks a block's size: every dimension at least 1, within its limit, and 1,024 threads at most. */
export function createBlock(block: ThreadBlock): Result<ThreadBlock> {
  for (const axis of ['x', 'y', 'z'] as const) {
    const n = block[axis];
    if (!Number.isInteger(n) || n < 1)
      return fail(
        'block',
        `blockDim.${axis} must be at least 1 (a block with no threads along ${axis} has none at all)`,
      );
    if (n > MAX_DIM[axis]) return fail('block', `blockDim.${axis} is at most ${MAX_DIM[axis]}, not ${n}`);
  }
  const threads = getBlockThreads(block);
  if (threads > MAX_BLOCK_THREADS)
    return fail('block', `a block holds at most ${MAX_BLOCK_THREADS} threads, and ${writeBlock(block)} is ${threads}`);
  return ok(Object.freeze({ x: block.x, y: block.y, z: block.z }));
}

/** A block as a link writes it: `32`, `32x8`, `8x8x4` (trailing dimensions of 1 left out). */
export function writeBlock(block: ThreadBlock): string {
  if (block.z > 1) return `${block.x}x${block.y}x${block.z}`;
  return block.y > 1 ? `${block.x}x${block.y}` : String(block.x);
}

/** Checks that warp `warp` exists in `block`; a warp past the block's threads is an error. */
export function checkWarp(block: ThreadBlock, warp: number): Result<number> {
  const warps = getBlockWarps(block);
  if (!Number.isInteger(warp) || warp < 0 || warp >= warps)
    return fail(
      'warp',
      `a block of ${writeBlock(block)} = ${getBlockThreads(block)} threads has ${warps === 1 ? 'one warp (0)' : `${warps} warps (0–${warps - 1})`}, so there is no warp ${warp}`,
    );
  return ok(warp);
}

/**
 * The thread lane `lane` of warp `warp` runs: linear index `t = 32·warp + lane`, `x = t mod X`,
 * `y = (t / X) mod Y`, `z = t / (X·Y)`; `null` past the block's last thread (an inactive lane).
 */
export function getThreadIndex(block: ThreadBlock, warp: number, lane: number): ThreadIndex | null {
  const t = warp * WARP_SIZE + lane;
  if (t >= getBlockThreads(block)) return null;
  return { x: t % block.x, y: Math.floor(t / block.x) % block.y, z: Math.floor(t / (block.x * block.y)) };
}
