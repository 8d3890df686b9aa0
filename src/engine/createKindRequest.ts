import type { Access } from './access';
import { createFirstLanesMask, type LaneMask } from './activeLanes';
import { WARP_SIZE } from './bankModel';
import { DEFAULT_ELEMENT_TYPE, type ElementType } from './elementTypes';
import type { AccessKind, KindSpec, LaneContext } from './kinds/defineAccessKind';
import { getOperation } from './operations';
import { fail, ok, type EngineError, type Result } from './result';
import { parseSharedArray, type SharedArray } from './sharedArray';
import { checkWarp, getThreadIndex } from './threadBlock';
import { createWarpRequest, type WarpRequest } from './warpRequest';

/** What every kind's spec holds: its active lanes and the kernel's fields. */
type CommonSpec = KindSpec<[]>;

/** The spec's active lanes as a mask: its own mask, else the mask of the first N lanes. */
export function getSpecMask(spec: CommonSpec): Result<LaneMask> {
  return spec.mask === null ? createFirstLanesMask(spec.lanes) : ok(spec.mask);
}

/** The element type of a spec: its shared array's, else its own. */
export function getSpecType(spec: CommonSpec): ElementType {
  if (spec.shared === '') return spec.type;
  const array = parseSharedArray(spec.shared);
  return array.ok ? array.value.type : spec.type;
}

/**
 * What is unusual about a spec without being wrong, each naming its field: a type its operation
 * does not move (a float index with ldmatrix, whose rows hold 16-bit elements).
 */
export function getSpecWarnings(spec: CommonSpec): EngineError[] {
  const note = getOperation(spec.op).typeNote(getSpecType(spec));
  return note ? [{ field: 'type', reason: note }] : [];
}

/**
 * What the lanes of a spec's warp know, for a kind to build its indices: which are active (the
 * spec's lanes, the threads inside the block, and the lanes its operation takes an address from),
 * each lane's thread, and the shared array an expression may subscript.
 */
export function getLaneContext(spec: CommonSpec): Result<LaneContext> {
  const lanes = getSpecMask(spec);
  if (!lanes.ok) return lanes;
  const warp = checkWarp(spec.block, spec.warp);
  if (!warp.ok) return warp;
  let array: SharedArray | null = null;
  if (spec.shared !== '') {
    const parsed = parseSharedArray(spec.shared);
    if (!parsed.ok) return parsed;
    array = parsed.value;
    if (spec.type !== DEFAULT_ELEMENT_TYPE && spec.type !== array.type)
      return fail(
        'type',
        `the shared array ${array.name} holds ${array.type}, so the type is ${array.type}, not ${spec.type}`,
      );
  }
  const operation = getOperation(spec.op);
  const shape = { type: array?.type ?? spec.type, matrices: spec.x };
  let mask = lanes.value;
  const threads = Array.from({ length: WARP_SIZE }, (_, lane) => getThreadIndex(spec.block, spec.warp, lane));
  for (let lane = 0; lane < WARP_SIZE; lane++)
    if (threads[lane] === null || !operation.givesAddress(lane, shape)) mask = (mask & ~(1 << lane)) >>> 0;
  if (mask === 0)
    return fail(
      operation.addressField,
      'no lane is left active: the lanes chosen are all past the block’s last thread',
    );
  return ok({ mask, threads, block: spec.block, warp: spec.warp, array });
}

/**
 * Builds the access a spec of `kind` describes; any bad field comes back as its error.
 *
 * @remarks
 * A word list honours the active lanes too: a lane left out of `mask` (or past `lanes`) reads
 * nothing, whatever word the list gives it.
 */
export function createKindAccess<S extends CommonSpec>(kind: AccessKind<string>, spec: S): Result<Access> {
  const context = getLaneContext(spec);
  if (!context.ok) return context;
  return kind.build(spec, context.value);
}

/**
 * The wider model's request a spec of `kind` describes: the kind's indices, checked against the
 * shared array, swizzled, and turned into each lane's bytes and words; any bad field comes back as
 * its error.
 */
export function createKindRequest<S extends CommonSpec>(kind: AccessKind<string>, spec: S): Result<WarpRequest> {
  const context = getLaneContext(spec);
  if (!context.ok) return context;
  const indices = kind.build(spec, context.value);
  if (!indices.ok) return indices;
  const own = kind.fields[0]?.key;
  const { array } = context.value;
  if (array)
    for (let lane = 0; lane < WARP_SIZE; lane++) {
      const index = indices.value[lane];
      if (index !== null && index >= array.elements)
        return fail(
          own ?? 'shared',
          `lane ${lane} names element ${index}, past the end of ${array.name} (${array.elements} elements)`,
        );
    }
  return createWarpRequest(
    indices.value,
    {
      op: spec.op,
      type: array?.type ?? spec.type,
      matrices: spec.x,
      block: spec.block,
      warp: spec.warp,
      swizzle: spec.swizzle,
    },
    own ?? 'words',
  );
}
