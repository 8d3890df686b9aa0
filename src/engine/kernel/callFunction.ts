import { applyBinary, applyUnary, castInt } from './intArithmetic';
import { refuse } from './kernelError';
import {
  blameAt,
  clip,
  getUniform,
  Scope,
  type Binding,
  type Frame,
  type KernelInterpreter,
} from './kernelInterpreter';
import type { Expression, FunctionDefinition, TypeName } from './kernelSyntax';
import { getCommonType, INT_TYPES, type KernelType } from './kernelTypes';
import {
  hasLane,
  LANES,
  mergeLanes,
  uniformInt,
  unknownInt,
  type Mask,
  type Value,
  makeLanes,
  type Unknown,
} from './laneValues';
import { addressOf, convertValue } from './combineValues';
import { evaluateLvalue } from './evaluatePlace';
import { resolveType } from './resolveType';

/** Calls inside calls before the analysis stops: far more than inlined helpers need. */
const MAX_CALL_DEPTH = 64;

/** Barriers and fences: the model runs warps one after another, so they change nothing it counts. */
const BARRIERS = new Set([
  '__syncthreads',
  '__syncwarp',
  '__threadfence',
  '__threadfence_block',
  '__threadfence_system',
  '__nanosleep',
  'printf',
  'assert',
  '__trap',
]);

type Call = Extract<Expression, { kind: 'call' }>;

const callWhy = (e: Call, what: string): Unknown => ({
  tag: 'call',
  text: clip(e.text),
  what,
  needs: 'running the kernel on a GPU',
});

/** A call in the kernel: a function of the file run inline, or one of CUDA's it knows; others give data. */
export function callFunction(k: KernelInterpreter, e: Call, mask: Mask): Value {
  const defined = k.program.functions.get(e.callee);
  if (defined && !k.scope.lookup(e.callee)) return callDefined(k, defined, e, mask);
  const args = e.args.map((a) => k.evaluate(a, mask));
  const name = e.callee;
  if (BARRIERS.has(name))
    return { kind: 'data', type: { kind: 'data', name: 'void', bytes: null }, why: callWhy(e, 'nothing') };
  if (/^__syncthreads_(count|and|or)$/.test(name))
    return unknownInt(INT_TYPES.int, callWhy(e, 'a count over the whole block'));
  if (/^atomic|^__atomic/.test(name)) {
    if (args[0]?.kind === 'pointer' && args[0].place.space === 'shared')
      refuse(
        e.at,
        `${clip(e.text)}: atomics on shared memory are outside the model (they are not plain loads and stores)`,
      );
    return unknownInt(INT_TYPES.int, callWhy(e, 'the old value of an atomic in global memory'));
  }
  if (name === '__cvta_generic_to_shared') {
    const pointer = args[0];
    if (pointer?.kind !== 'pointer' || pointer.place.space !== 'shared')
      refuse(e.at, `${clip(e.text)}: __cvta_generic_to_shared needs a pointer into a __shared__ array`);
    return addressOf(pointer.place, { kind: 'int', int: INT_TYPES['unsigned long'], name: 'size_t' });
  }
  if ((name === 'min' || name === 'max' || name === 'umin' || name === 'umax') && args.length === 2) {
    const [a, b] = args;
    if (a.kind === 'int' && b.kind === 'int') {
      const type = getCommonType(a.type, b.type);
      const less = applyBinary('<', a, b, mask, blameAt(k, e), clip(e.text));
      const x = castInt(a, type, mask, blameAt(k, e));
      const y = castInt(b, type, mask, blameAt(k, e));
      const pickA = name.endsWith('min');
      const lanes = makeLanes();
      for (let lane = 0; lane < LANES; lane++)
        lanes[lane] = (less.lanes[lane] !== 0) === pickA ? x.lanes[lane] : y.lanes[lane];
      return { kind: 'int', type, lanes, unknown: less.unknown, why: less.why };
    }
  }
  if (name === 'abs' && args[0]?.kind === 'int') {
    const a = args[0];
    let negative = 0;
    for (let lane = 0; lane < LANES; lane++)
      if (hasLane(mask, lane) && !hasLane(a.unknown, lane) && a.lanes[lane] < 0) negative |= 1 << lane;
    const negated = applyUnary('-', a, negative >>> 0, blameAt(k, e), clip(e.text));
    return { ...negated, lanes: mergeLanes(a.lanes, negated.lanes, negative >>> 0) };
  }
  if (
    /^(__float2u?int|__double2u?int|__float_as_u?int|__popc|__clz|__ffs|__brev|__shfl|__ballot|__any|__all|__activemask|__reduce)/.test(
      name,
    )
  )
    return unknownInt(INT_TYPES.int, callWhy(e, `the result of ${name}, which the player does not run`));
  return {
    kind: 'data',
    type: { kind: 'data', name: `${name}()`, bytes: null },
    why: callWhy(e, `the result of ${name}, which the player does not run`),
  };
}

/** Runs a function of the file inline for the lanes of `mask`: parameters bound, body run, result merged. */
function callDefined(k: KernelInterpreter, fn: FunctionDefinition, e: Call, mask: Mask): Value {
  if (k.frames.length >= MAX_CALL_DEPTH) refuse(e.at, `${fn.name} calls nest more than ${MAX_CALL_DEPTH} deep`);
  if (fn.global)
    refuse(e.at, `${fn.name} is a __global__ kernel: launching a kernel from a kernel is outside the subset`);
  const values = new Map<string, Value>();
  const types = new Map<string, KernelType>();
  bindTemplate(k, fn, e.templateArgs, values, types, e);
  const scope = new Scope(k.globals);
  const params = fn.parameters;
  if (e.args.length > params.length) refuse(e.at, `${fn.name} takes ${params.length} arguments, not ${e.args.length}`);
  const saved = { scope: k.scope, values: k.templateValues, types: k.templateTypes };
  const bindings: [string, Binding][] = [];
  params.forEach((p, i) => {
    const arg = e.args[i] ?? p.default;
    if (!arg) refuse(e.at, `${fn.name} needs its argument ${p.name}`);
    if (p.reference) {
      const lvalue = evaluateLvalue(k, arg, mask);
      bindings.push([
        p.name,
        lvalue.kind === 'var'
          ? lvalue.binding
          : {
              name: p.name,
              type: lvalue.place.type,
              value: uniformInt(INT_TYPES.int, 0),
              place: lvalue.place,
              isConst: false,
            },
      ]);
      return;
    }
    const value = k.evaluate(arg, mask);
    k.templateValues = values;
    k.templateTypes = types;
    const type = resolveType(k, p.type);
    k.templateValues = saved.values;
    k.templateTypes = saved.types;
    bindings.push([
      p.name,
      { name: p.name, type, value: convertValue(k, value, type, mask, arg), place: null, isConst: false },
    ]);
  });
  for (const [name, binding] of bindings) scope.declare(name, binding);
  k.scope = scope;
  k.templateValues = values;
  k.templateTypes = types;
  const returns = fn.returns.name === 'void' ? null : resolveType(k, fn.returns);
  const frame: Frame = {
    fn,
    returns: returns ?? { kind: 'data', name: 'void', bytes: null },
    returned: 0,
    result: null,
    callAt: k.frames.length === 1 ? e.at : k.frames[k.frames.length - 1].callAt,
  };
  k.frames.push(frame);
  try {
    k.execute(fn.body(), mask);
  } finally {
    k.frames.pop();
    k.scope = saved.scope;
    k.templateValues = saved.values;
    k.templateTypes = saved.types;
  }
  return (
    frame.result ?? {
      kind: 'data',
      type: frame.returns,
      why: callWhy(e, `the result of ${fn.name}, which returns no value here`),
    }
  );
}

/** Binds a function's template parameters: explicit arguments first, then defaults. */
export function bindTemplate(
  k: KernelInterpreter,
  fn: FunctionDefinition,
  given: readonly (Expression | TypeName)[] | null,
  values: Map<string, Value>,
  types: Map<string, KernelType>,
  at: Expression,
) {
  const parameters = fn.template ?? [];
  if (given && given.length > parameters.length)
    refuse(at.at, `${fn.name} has ${parameters.length} template parameters`);
  parameters.forEach((p, i) => {
    const arg = given?.[i] ?? p.default;
    if (!arg)
      refuse(at.at, `${fn.name}'s template parameter ${p.name} has no value: give it explicitly (${fn.name}<…>(…))`);
    if (p.type === null) {
      if (!('pointers' in arg)) refuse(at.at, `${fn.name}'s template parameter ${p.name} is a type`);
      types.set(p.name, resolveType(k, arg));
      return;
    }
    if ('pointers' in arg) refuse(at.at, `${fn.name}'s template parameter ${p.name} is a value, not a type`);
    const value = k.evaluate(arg, k.live);
    const known = value.kind === 'int' ? getUniform(value, k.live) : null;
    if (known === null) refuse(arg.at, `${clip(arg.text)}: a template argument must be a constant`);
    values.set(p.name, convertValue(k, value, resolveType(k, p.type), k.live, arg));
  });
}
