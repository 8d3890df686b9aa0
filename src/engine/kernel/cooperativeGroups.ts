import { getBlockThreads } from '../threadBlock';
import { refuse } from './kernelError';
import { clip, getUniform, type KernelInterpreter } from './kernelInterpreter';
import type { Expression } from './kernelSyntax';
import { INT_TYPES } from './kernelTypes';
import { LANES, type Mask } from './laneMask';
import { makeLanes, uniformInt, type IntValue, type Unknown, type Value } from './laneValues';

type Call = Extract<Expression, { kind: 'call' }>;

const groupWhy = (e: Call): Unknown => ({
  tag: 'call',
  text: clip(e.text),
  what: 'a cooperative group',
  needs: 'running the kernel on a GPU',
});

/** A group as a value: data whose type names it (`thread_block`, `thread_block_tile<32>`). */
const group = (e: Call, name: string): Value => ({
  kind: 'data',
  type: { kind: 'data', name, bytes: null },
  why: groupWhy(e),
});

/** `cg::this_thread_block()` and `cg::tiled_partition<N>(g)`: the groups, by their type. */
export function makeGroup(k: KernelInterpreter, e: Call, mask: Mask): Value | null {
  if (e.callee === 'this_thread_block') return group(e, 'thread_block');
  if (e.callee !== 'tiled_partition') return null;
  const size = e.templateArgs?.[0];
  const value = size && !('pointers' in size) ? k.evaluate(size, mask) : null;
  const n = value?.kind === 'int' ? getUniform(value, mask) : null;
  if (n === null || n < 1 || n > 32 || (n & (n - 1)) !== 0)
    refuse(e.at, `${clip(e.text)}: the analyzer reads tiled_partition<N> with N a power of two up to 32`);
  return group(e, `thread_block_tile<${n}>`);
}

/** Each lane's thread index in the block, flattened (x fastest): `thread_block::thread_rank()`. */
function blockRank(k: KernelInterpreter): number[] {
  const { x, y, z } = k.threadIdx;
  const { block } = k.launch;
  const lanes = makeLanes();
  for (let lane = 0; lane < LANES; lane++)
    lanes[lane] = x.lanes[lane] + block.x * (y.lanes[lane] + block.y * z.lanes[lane]);
  return lanes;
}

const unsigned = (lanes: number[]): IntValue => ({
  kind: 'int',
  type: INT_TYPES['unsigned int'],
  lanes,
  unknown: 0,
  why: null,
});

/** The methods of `cuda::pipeline` and `cuda::barrier` that wait or signal. */
const SYNC_METHODS = new Set([
  'producer_acquire',
  'producer_commit',
  'consumer_wait',
  'consumer_wait_for',
  'consumer_release',
  'quit',
  'arrive',
  'arrive_and_wait',
  'arrive_and_drop',
  'wait',
]);

/** A group's size and each lane's rank in it, for a value that is a group; else `null`. */
export function getGroupLanes(k: KernelInterpreter, value: Value | undefined): { size: number; rank: number[] } | null {
  const name = value?.kind === 'data' ? value.type.name : null;
  const tile = name ? /^thread_block_tile<(\d+)>$/.exec(name) : null;
  if (name !== 'thread_block' && !tile) return null;
  const size = tile ? Number(tile[1]) : getBlockThreads(k.launch.block);
  return { size, rank: blockRank(k).map((r) => r % size) };
}

/**
 * A method of a cooperative group, with its real value: `thread_rank()`, `size()`,
 * `num_threads()`, `meta_group_rank()`, `meta_group_size()`, `sync()`; another method of a group
 * gives data, and a method of anything else is refused.
 */
export function callGroupMethod(k: KernelInterpreter, e: Call, receiver: Value, mask: Mask): Value {
  const name = receiver.kind === 'data' ? receiver.type.name : null;
  const tile = name ? /^thread_block_tile<(\d+)>$/.exec(name) : null;
  if (name !== 'thread_block' && !tile) {
    // A cuda::pipeline's or cuda::barrier's: they order the copies, which the model, running warps
    // one after another, does not need.
    if (receiver.kind === 'data' && SYNC_METHODS.has(e.callee)) return group(e, 'void');
    refuse(e.at, `${clip(e.text)}: the analyzer runs methods of cooperative groups and pipelines only`);
  }
  for (const arg of e.args) k.evaluate(arg, mask);
  const threads = getBlockThreads(k.launch.block);
  const size = tile ? Number(tile[1]) : threads;
  switch (e.callee) {
    case 'sync':
      return group(e, 'void');
    case 'size':
    case 'num_threads':
      return uniformInt(INT_TYPES['unsigned int'], size);
    case 'thread_rank':
      return unsigned(blockRank(k).map((r) => r % size));
    case 'meta_group_rank':
      return unsigned(blockRank(k).map((r) => Math.floor(r / size)));
    case 'meta_group_size':
      return uniformInt(INT_TYPES['unsigned int'], Math.ceil(threads / size));
  }
  return {
    kind: 'data',
    type: { kind: 'data', name: `${e.callee}()`, bytes: null },
    why: { ...groupWhy(e), what: `the result of ${e.callee}, which the analyzer does not run` },
  };
}
