import { getGroupLanes } from './cooperativeGroups';
import { getCopyForm } from './instructionForms';
import { refuse } from './kernelError';
import { clip, describeUnknown, getUniform, type KernelInterpreter } from './kernelInterpreter';
import type { Expression } from './kernelSyntax';
import { INT_TYPES } from './kernelTypes';
import { LANES, type Mask, toMask } from './laneMask';
import { makeLanes, type Place, type Value } from './laneValues';

type Call = Extract<Expression, { kind: 'call' }>;

/** The widest piece one lane copies with one `cp.async`. */
const WIDEST = 16;

/** A copy's byte count, the same in every lane; else refused naming the argument. */
function readBytes(e: Call, size: Value | undefined, mask: Mask, what: string): number {
  const bytes = size?.kind === 'int' ? getUniform(size, mask) : null;
  if (bytes === null) refuse(e.at, `${clip(e.text)}: ${what} must be a whole number, the same in every lane`);
  return bytes;
}

/** The shared place a copy writes, its address known in every lane; else refused. */
function readDestination(k: KernelInterpreter, e: Call, dst: Value | undefined, at: number, mask: Mask): Place {
  if (dst?.kind !== 'pointer' || dst.place.space !== 'shared')
    refuse(e.at, `${clip(e.text)}: the analyzer reads ${e.callee} into shared memory only`);
  if (dst.place.unknown & mask) refuse(e.at, describeUnknown(k, e.args[at], dst.place.why, 'the address'));
  return dst.place;
}

/**
 * `cuda::memcpy_async(dst, src, size, pipeline or barrier)`: each lane copies `size` bytes (4, 8 or
 * 16) to its own `dst`, a store of that width by each lane, as `__pipeline_memcpy_async`.
 */
function copyByLane(k: KernelInterpreter, e: Call, [dst, , size]: readonly Value[], mask: Mask): Value {
  const place = readDestination(k, e, dst, 0, mask);
  const form = getCopyForm(readBytes(e, size, mask, 'the size'));
  if (!form) refuse(e.at, `${clip(e.text)}: the size must be 4, 8 or 16 bytes, the same in every lane`);
  k.recorder.record(place, form, mask, e.at);
  return done(e);
}

/**
 * `cooperative_groups::memcpy_async(group, dst, src, bytes)` and `cuda::memcpy_async(group, dst,
 * src, size, sync)`, and `(group, dst, dstCount, src, srcCount)` in elements: the group copies the
 * bytes together, as libcu++ and cooperative groups split them: the lane of rank r copies the
 * pieces r, r + size, r + 2·size … of the widest width (16, 8 or 4 bytes) that the destination's
 * address and the byte count allow, one `cp.async` a piece. A model: the global source is taken to
 * be as aligned as the destination, and NVIDIA documents no bank rule for the copy.
 */
function copyByGroup(k: KernelInterpreter, e: Call, args: readonly Value[], mask: Mask): Value | null {
  const group = getGroupLanes(k, args[0]);
  if (!group) return null;
  const counts = args[2]?.kind === 'int';
  const place = readDestination(k, e, args[1], 1, mask);
  let bytes: number;
  if (counts) {
    const type = place.type;
    const elementBytes = type.kind === 'int' ? Math.ceil(type.int.bits / 8) : type.kind === 'data' ? type.bytes : null;
    if (!elementBytes) refuse(e.at, `${clip(e.text)}: the analyzer reads a copy counted in elements of a sized type`);
    const n = Math.min(
      readBytes(e, args[2], mask, 'the destination’s count'),
      readBytes(e, args[4], mask, 'the source’s count'),
    );
    bytes = n * elementBytes;
  } else bytes = readBytes(e, args[3], mask, 'the size');
  const address = getUniform({ kind: 'int', type: INT_TYPES.int, lanes: place.addresses, unknown: 0, why: null }, mask);
  if (address === null)
    refuse(e.at, `${clip(e.text)}: every lane of the group must give the same destination (the group copies together)`);
  let width = WIDEST;
  while (width >= 4 && (address % width !== 0 || bytes % width !== 0)) width /= 2;
  const form = getCopyForm(width);
  if (!form || bytes < 0)
    refuse(
      e.at,
      `${clip(e.text)}: the analyzer reads a group's copy whose destination and byte count are multiples of 4 (here byte ${address}, ${bytes} bytes)`,
    );
  const pieces = bytes / width;
  for (let first = 0; first < pieces; first += group.size) {
    const addresses = makeLanes();
    let active = 0;
    for (let lane = 0; lane < LANES; lane++) {
      const piece = first + group.rank[lane];
      if (((mask >>> lane) & 1) === 0 || piece >= pieces) continue;
      addresses[lane] = address + piece * width;
      active |= 1 << lane;
    }
    k.recorder.record({ ...place, addresses }, form, toMask(active), e.at);
  }
  return done(e);
}

const done = (e: Call): Value => ({
  kind: 'data',
  type: { kind: 'data', name: 'void', bytes: null },
  why: { tag: 'call', text: clip(e.text), what: 'nothing', needs: 'running the kernel on a GPU' },
});

/** `memcpy_async`, either namespace's: by a group when its first argument is one, else by each lane. */
export function copyAsync(k: KernelInterpreter, e: Call, args: readonly Value[], mask: Mask): Value | null {
  if (args[0]?.kind === 'pointer') return copyByLane(k, e, args, mask);
  return copyByGroup(k, e, args, mask);
}
