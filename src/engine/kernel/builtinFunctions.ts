import { applyBinary, applyUnary, castInt } from './intArithmetic';
import { refuse } from './kernelError';
import { blameAt, clip, describeUnknown, getUniform, type KernelInterpreter } from './kernelInterpreter';
import {
  getOperation,
  OPERATION_PTX,
  type InstructionForm,
  type Operation,
  type OperationIntrinsic,
  type OperationPtx,
} from '../operations';
import { copyAsync } from './copyAsync';
import { makeGroup } from './cooperativeGroups';
import type { Expression } from './kernelSyntax';
import { getCommonType, INT_TYPES } from './kernelTypes';
import { addressOf } from './combineValues';
import { makeLanes, mergeLanes, unknownInt, type Unknown, type Value } from './laneValues';
import { hasLane, LANES, type Mask, toMask } from './laneMask';

type Call = Extract<Expression, { kind: 'call' }>;

/**
 * One of CUDA's functions the analyzer knows: what it does to what the model counts (its effect),
 * how many arguments it must have to be run (`null`: it reads what it is given), and its value; `run` returns `null` where the
 * arguments are not the kind it reads (then the call is data, as any other).
 */
export interface BuiltinFunction {
  readonly effect: 'barrier' | 'data' | 'integer' | 'shared-address' | 'shared-atomic' | 'shared-access';
  readonly arity: number | null;
  readonly run: (k: KernelInterpreter, e: Call, args: readonly Value[], mask: Mask) => Value | null;
}

/** Why a call's result is unknown: the analyzer does not run it. */
export const callWhy = (e: Call, what: string): Unknown => ({
  tag: 'call',
  text: clip(e.text),
  what,
  needs: 'running the kernel on a GPU',
});

const notRun = (e: Call) => `the result of ${e.callee}, which the analyzer does not run`;

// Barriers and fences: the model runs warps one after another, so they change nothing it counts.
const barrier: BuiltinFunction = {
  effect: 'barrier',
  arity: null,
  run: (_k, e) => ({ kind: 'data', type: { kind: 'data', name: 'void', bytes: null }, why: callWhy(e, 'nothing') }),
};

const blockCount: BuiltinFunction = {
  effect: 'integer',
  arity: null,
  run: (_k, e) => unknownInt(INT_TYPES.int, callWhy(e, 'a count over the whole block')),
};

const atomic: BuiltinFunction = {
  effect: 'shared-atomic',
  arity: null,
  run: (_k, e, args) => {
    if (args[0]?.kind === 'pointer' && args[0].place.space === 'shared')
      refuse(
        e.at,
        `${clip(e.text)}: atomics on shared memory are outside the model (they are not plain loads and stores)`,
      );
    return unknownInt(INT_TYPES.int, callWhy(e, 'the old value of an atomic in global memory'));
  },
};

const integerResult: BuiltinFunction = {
  effect: 'integer',
  arity: null,
  run: (_k, e) => unknownInt(INT_TYPES.int, callWhy(e, notRun(e))),
};

/** `min`, `max`, `umin`, `umax` of two integers, lane by lane with C's conversions. */
const minMax: BuiltinFunction = {
  effect: 'integer',
  arity: 2,
  run: (k, e, [a, b], mask) => {
    if (a?.kind !== 'int' || b?.kind !== 'int') return null;
    const type = getCommonType(a.type, b.type);
    const less = applyBinary('<', a, b, mask, blameAt(k, e), clip(e.text));
    const x = castInt(a, type, mask, blameAt(k, e));
    const y = castInt(b, type, mask, blameAt(k, e));
    const pickA = e.callee.endsWith('min');
    const lanes = makeLanes();
    for (let lane = 0; lane < LANES; lane++)
      lanes[lane] = (less.lanes[lane] !== 0) === pickA ? x.lanes[lane] : y.lanes[lane];
    return { kind: 'int', type, lanes, unknown: less.unknown, why: less.why };
  },
};

const abs: BuiltinFunction = {
  effect: 'integer',
  arity: null,
  run: (k, e, [a], mask) => {
    if (a?.kind !== 'int') return null;
    let negative = 0;
    for (let lane = 0; lane < LANES; lane++)
      if (hasLane(mask, lane) && !hasLane(a.unknown, lane) && a.lanes[lane] < 0) negative |= 1 << lane;
    const negated = applyUnary('-', a, toMask(negative), blameAt(k, e), clip(e.text));
    return { ...negated, lanes: mergeLanes(a.lanes, negated.lanes, toMask(negative)) };
  },
};

const toShared: BuiltinFunction = {
  effect: 'shared-address',
  arity: null,
  run: (_k, e, [pointer]) => {
    if (pointer?.kind !== 'pointer' || pointer.place.space !== 'shared')
      refuse(e.at, `${clip(e.text)}: __cvta_generic_to_shared needs a pointer into a __shared__ array`);
    return addressOf(pointer.place, { kind: 'int', int: INT_TYPES['unsigned long'], name: 'size_t' });
  },
};

/** The form a call of an operation's C function makes: from its size argument, or its array of registers. */
function callForm(
  k: KernelInterpreter,
  operation: OperationPtx<Operation>,
  call: OperationIntrinsic,
  e: Call,
  args: readonly Value[],
  mask: Mask,
): InstructionForm<Operation> {
  if (call.count !== undefined) {
    // The registers' count is their array's length, which its name's binding keeps (the value decays).
    const registers = e.args[call.count];
    const binding = registers?.kind === 'name' ? k.scope.lookup(registers.name) : undefined;
    const count = binding?.kind === 'place' && binding.place.dims.length === 1 ? binding.place.dims[0] : null;
    const form = count === null ? null : (operation.formOfCount?.(count, call.trans ?? false) ?? null);
    return form ?? refuse(e.at, `${clip(e.text)}: its registers must be an array of 1, 2 or 4 (uint32_t r[4])`);
  }
  const size = call.size === undefined ? undefined : args[call.size];
  const bytes = size?.kind === 'int' ? getUniform(size, mask) : null;
  const form = bytes === null ? null : (operation.formOfSize?.(bytes) ?? null);
  return (
    form ??
    refuse(
      e.at,
      `${clip(e.text)}: the size must be ${(operation.sizes ?? []).join(', ').replace(/, (\d+)$/, ' or $1')} bytes, the same in every lane`,
    )
  );
}

/**
 * A C function the operations table names for an operation (`__pipeline_memcpy_async(dst, src,
 * bytes)` for `cp.async`, `cuda::ptx::stmatrix_m8n8(p, r)`): the lanes that give an address write
 * what the operation writes there.
 */
const operationCall = (ptx: OperationPtx<Operation>, call: OperationIntrinsic): BuiltinFunction => ({
  effect: 'shared-access',
  arity: null,
  run: (k, e, args, mask) => {
    const dst = args[call.address];
    if (dst?.kind !== 'pointer' || dst.place.space !== 'shared')
      refuse(e.at, `${clip(e.text)}: the analyzer reads ${call.name} into shared memory only`);
    const form = callForm(k, ptx, call, e, args, mask);
    const operation = getOperation(ptx.id);
    if (operation.warpWide && (k.live & ~mask) !== 0)
      refuse(e.at, `${clip(e.text)}: it must be run by every lane of the warp, and here some lanes are elsewhere`);
    let used = 0;
    for (let lane = 0; lane < LANES; lane++)
      if (hasLane(mask, lane) && operation.givesAddress(lane, form)) used |= 1 << lane;
    if (dst.place.unknown & used) refuse(e.at, describeUnknown(k, e.args[call.address], dst.place.why, 'the address'));
    k.recorder.record(dst.place, form, toMask(used), e.at);
    return { kind: 'data', type: { kind: 'data', name: 'void', bytes: null }, why: callWhy(e, 'nothing') };
  },
});

/** The operations' own C functions by name. */
const OPERATION_CALLS: Readonly<Record<string, BuiltinFunction>> = Object.fromEntries(
  (OPERATION_PTX as readonly OperationPtx<Operation>[]).flatMap((o) =>
    o.intrinsics.map((call) => [call.name, operationCall(o, call)] as const),
  ),
);

/** `cuda::memcpy_async` and `cooperative_groups::memcpy_async` into shared memory (copyAsync.ts). */
const memcpyAsync: BuiltinFunction = { effect: 'shared-access', arity: null, run: copyAsync };

/** `cuda::aligned_size_t<N>(bytes)`: the byte count, its alignment a promise the model does not need. */
const alignedSize: BuiltinFunction = {
  effect: 'integer',
  arity: 1,
  run: (_k, _e, [bytes]) => (bytes?.kind === 'int' ? bytes : null),
};

/** CUDA's functions by name. */
const BY_NAME: Readonly<Record<string, BuiltinFunction>> = {
  __syncthreads: barrier,
  __syncwarp: barrier,
  __threadfence: barrier,
  __threadfence_block: barrier,
  __threadfence_system: barrier,
  __nanosleep: barrier,
  printf: barrier,
  assert: barrier,
  __trap: barrier,
  __syncthreads_count: blockCount,
  __syncthreads_and: blockCount,
  __syncthreads_or: blockCount,
  __cvta_generic_to_shared: toShared,
  min: minMax,
  max: minMax,
  umin: minMax,
  umax: minMax,
  abs,
  memcpy_async: memcpyAsync,
  ...OPERATION_CALLS,
};

/** Families of them by how their names begin: atomics, conversions, bit tricks, warp intrinsics. */
const BY_PREFIX: readonly (readonly [string, BuiltinFunction])[] = [
  ['atomic', atomic],
  ['__atomic', atomic],
  ['aligned_size_t', alignedSize],
  ...[
    '__float2int',
    '__float2uint',
    '__double2int',
    '__double2uint',
    '__float_as_int',
    '__float_as_uint',
    '__popc',
    '__clz',
    '__ffs',
    '__brev',
    '__shfl',
    '__ballot',
    '__any',
    '__all',
    '__activemask',
    '__reduce',
  ].map((prefix) => [prefix, integerResult] as const),
];

/** The built-in function a call names, or `null` for one the analyzer does not know. */
export function findBuiltinFunction(name: string): BuiltinFunction | null {
  const exact = Object.hasOwn(BY_NAME, name) ? BY_NAME[name] : undefined;
  if (exact) return exact;
  for (const [prefix, builtin] of BY_PREFIX) if (name.startsWith(prefix)) return builtin;
  return null;
}

/** A call of one of CUDA's functions; a call the analyzer does not know (or of the wrong kind) gives data. */
export function callBuiltin(k: KernelInterpreter, e: Call, args: readonly Value[], mask: Mask): Value {
  const made = makeGroup(k, e, mask);
  if (made) return made;
  const builtin = findBuiltinFunction(e.callee);
  const value =
    builtin && (builtin.arity === null || builtin.arity === args.length) ? builtin.run(k, e, args, mask) : null;
  if (!builtin) refuseSharedArgument(e, args);
  return (
    value ?? {
      kind: 'data',
      type: { kind: 'data', name: `${e.callee}()`, bytes: null },
      why: callWhy(e, notRun(e)),
    }
  );
}

/**
 * Refuses a call the analyzer does not run that is given a pointer into shared memory: what it
 * does there would be left out of the report without a word (never a silent zero).
 */
function refuseSharedArgument(e: Call, args: readonly Value[]) {
  const shared = args.find((a) => a.kind === 'pointer' && a.place.space === 'shared');
  if (shared?.kind === 'pointer')
    refuse(
      e.at,
      `${clip(e.text)}: ${e.callee} is given a pointer into shared memory (${shared.place.name}), and the analyzer does not run it (it is not a function of this file nor one of CUDA's it knows): define it in the file as a __device__ function`,
    );
}
