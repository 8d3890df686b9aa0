import { createAccess, MAX_WORD_INDEX, type Access } from './access';
import { ADDRESS_TRANSFORMS } from './addressTransforms';
import { DEFAULT_BANK_MODEL, WARP_SIZE } from './bankModel';
import { DEFAULT_ELEMENT_TYPE, getElementBytes, type ElementType } from './elementTypes';
import { getOperation, OPERATIONS, type MatrixCount, type Operation } from './operations';
import { fail, ok, type Result } from './result';
import type { PairDistance } from './lanePairs';
import type { Swizzle } from './swizzle';
import { DEFAULT_BLOCK, getThreadIndex, type ThreadBlock, type ThreadIndex } from './threadBlock';

/** What one lane asks of shared memory. */
export interface LaneRequest {
  /** The element it names (after any swizzle), counted in elements of the request's type. */
  readonly element: number;
  /** Its first byte. */
  readonly address: number;
  readonly bytes: number;
  /** Every 4-byte word its bytes cover, lowest first. */
  readonly words: readonly number[];
  /** The thread that runs the lane. */
  readonly thread: ThreadIndex;
}

/**
 * One warp's shared-memory instruction as the wider model sees it: per lane the bytes it touches,
 * and how the warp is split into phases.
 *
 * @remarks
 * The lesson's accesses are the special case of 4-byte loads by a block of one warp: one phase of
 * 32 lanes, each touching one word.
 */
export interface WarpRequest {
  readonly op: Operation;
  readonly type: ElementType;
  /** The matrices it moves: `ldmatrix`'s `.x1|.x2|.x4` (1 for any other operation). */
  readonly matrices: MatrixCount;
  readonly block: ThreadBlock;
  readonly warp: number;
  /** Lanes served together: 32, 16 (8-byte elements), 8 (16-byte elements and `ldmatrix` rows). */
  readonly lanesPerPhase: number;
  readonly phases: number;
  /** Whether a wide load's lanes pair at n^1 or n^2, served two at a time (`null`: one by one). */
  readonly pairs: PairDistance | null;
  readonly lanes: readonly (LaneRequest | null)[];
  /** Each lane's element (after any swizzle), `null` when inactive. */
  readonly elements: Access;
}

/** How a request is shaped beyond its lanes' elements. */
export interface RequestShape {
  readonly op: Operation;
  readonly type: ElementType;
  readonly matrices: MatrixCount;
  readonly block: ThreadBlock;
  readonly warp: number;
  readonly swizzle: Swizzle | null;
}

/** The lesson's request shape: a float load (the first operation) by a block of one warp. */
export const DEFAULT_REQUEST_SHAPE: RequestShape = Object.freeze({
  op: OPERATIONS[0].id,
  type: DEFAULT_ELEMENT_TYPE,
  matrices: 1,
  block: DEFAULT_BLOCK,
  warp: 0,
  swizzle: null,
});

const MAX_BYTE = (MAX_WORD_INDEX + 1) * DEFAULT_BANK_MODEL.wordBytes;

/**
 * The request of `elements` (one element per lane, `null` inactive) shaped by `shape`; `field` is
 * the access field an address out of range is blamed on.
 */
export function createWarpRequest(elements: Access, shape: RequestShape, field = 'words'): Result<WarpRequest> {
  const operation = getOperation(shape.op);
  const bytes = operation.laneBytes(shape);
  const size = getElementBytes(shape.type);
  const swizzled: (number | null)[] = [];
  const lanes: (LaneRequest | null)[] = [];
  for (let lane = 0; lane < WARP_SIZE; lane++) {
    const index = elements[lane];
    const thread = getThreadIndex(shape.block, shape.warp, lane);
    // Lanes that give no address (ldmatrix's past 8x) take no part.
    if (index === null || thread === null || !operation.givesAddress(lane, shape)) {
      swizzled.push(null);
      lanes.push(null);
      continue;
    }
    const element = shape.swizzle ? ADDRESS_TRANSFORMS.swizzle.apply(shape.swizzle, index) : index;
    const address = element * size;
    const misplaced = operation.misplaced?.(lane, element, address, shape);
    if (misplaced) return fail(field, misplaced);
    if (address + bytes > MAX_BYTE)
      return fail(field, `lane ${lane} would touch byte ${address + bytes - 1}, beyond the 4 MiB the model holds`);
    const first = Math.floor(address / 4);
    const last = Math.floor((address + bytes - 1) / 4);
    const words: number[] = [];
    for (let w = first; w <= last; w++) words.push(w);
    swizzled.push(element);
    lanes.push({ element, address, bytes, words, thread });
  }
  // Unchanged elements are the access given, already checked; changed ones are checked again.
  const same = swizzled.every((e, lane) => e === elements[lane]);
  const access = same ? ok(elements) : createAccess(swizzled);
  if (!access.ok) return access;
  const addresses = lanes.map((l) => (l ? l.address : -1));
  const { lanesPerPhase, phases, pairs } = operation.phasing(shape, bytes, addresses);
  return ok({
    op: shape.op,
    type: shape.type,
    matrices: operation.matrices(shape),
    block: shape.block,
    warp: shape.warp,
    lanesPerPhase,
    phases,
    pairs,
    lanes,
    elements: access.value,
  });
}

/** A lesson access (one 4-byte word per lane) as the wider model's request: a load by one warp. */
export function getLessonRequest(access: Access): WarpRequest {
  const made = createWarpRequest(access, DEFAULT_REQUEST_SHAPE);
  // Every word of an access is within the model's memory, so its request always exists.
  if (!made.ok) throw new Error(made.error.reason);
  return made.value;
}
