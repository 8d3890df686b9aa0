import { callFunction } from './callFunction';
import { runAsm } from './runAsm';
import { applyUnary } from './intArithmetic';
import { refuse } from './kernelError';
import { blameAt, clip, dataWhy, requireKnown, type KernelInterpreter } from './kernelInterpreter';
import type { BinaryOperator, Expression } from './kernelSyntax';
import { addPointers, getIntType, getTypeBytes, INT_TYPES } from './kernelTypes';
import { uniformInt, unknownInt, type IntValue, type Value, makeLanes } from './laneValues';
import { hasLane, LANES, type Mask, lanesTrue, both, union, without } from './laneMask';
import { evaluateLvalue, readLvalue, writeLvalue } from './evaluatePlace';
import { resolveType } from './resolveType';
import { getStandardValue } from './standardNames';
import { combine, convertValue, mergeValues } from './combineValues';

const literals = new WeakMap<Expression, IntValue>();
const ONE = uniformInt(INT_TYPES.int, 1);

/** The value of `e` for the lanes of `mask`; shared loads on the way are recorded. */
export function evaluate(k: KernelInterpreter, e: Expression, mask: Mask): Value {
  switch (e.kind) {
    case 'number': {
      let value = literals.get(e);
      if (!value) literals.set(e, (value = uniformInt(getIntType(e.type)!, e.value)));
      return value;
    }
    case 'float':
      return { kind: 'data', type: { kind: 'data', name: e.type, bytes: null }, why: dataWhy(e) };
    case 'string':
      return { kind: 'data', type: { kind: 'data', name: 'a string', bytes: null }, why: dataWhy(e, 'a string') };
    case 'name':
      return evaluateName(k, e, mask);
    case 'member': {
      if (e.object.kind === 'name' && !e.arrow && !k.scope.lookup(e.object.name)) {
        const builtin = k.getBuiltin(e.object.name, e.field);
        if (builtin) return builtin;
      }
      const target = e.arrow ? evaluateLvalue(k, e, mask) : evaluateLvalue(k, e.object, mask);
      if (e.arrow || target.kind === 'place')
        return readLvalue(k, e.arrow ? target : evaluateLvalue(k, e, mask), mask, e);
      const value = target.binding.value;
      return value.kind === 'data'
        ? { ...value, why: { ...value.why, text: clip(e.text) } }
        : refuse(e.at, `${clip(e.text)}: ${e.object.text} has no members`);
    }
    case 'index':
      return readLvalue(k, evaluateLvalue(k, e, mask), mask, e);
    case 'unary':
      return evaluateUnary(k, e, mask);
    case 'update': {
      const lvalue = evaluateLvalue(k, e.of, mask);
      const old = readLvalue(k, lvalue, mask, e.of);
      const fresh = combine(k, e.op === '++' ? '+' : '-', old, ONE, mask, e);
      const stored = writeLvalue(k, lvalue, fresh, mask, e);
      return e.prefix ? stored : old;
    }
    case 'binary': {
      if (e.op === '&&' || e.op === '||') return evaluateLogical(k, e, mask);
      const left = k.evaluate(e.left, mask);
      return combine(k, e.op, left, k.evaluate(e.right, mask), mask, e);
    }
    case 'assign': {
      const right = k.evaluate(e.right, mask);
      const lvalue = evaluateLvalue(k, e.left, mask);
      const value =
        e.op === '='
          ? right
          : combine(k, e.op.slice(0, -1) as BinaryOperator, readLvalue(k, lvalue, mask, e.left), right, mask, e);
      return writeLvalue(k, lvalue, value, mask, e);
    }
    case 'conditional': {
      const test = toBool(k.evaluate(e.test, mask));
      if (test.unknown & mask && !mayAccess(k, e.then) && !mayAccess(k, e.else)) {
        // Neither side touches memory: where the test is unknown, so is the value, and nothing else.
        const then = k.evaluate(e.then, mask);
        const otherwise = k.evaluate(e.else, mask);
        const why = test.why ?? undefined;
        return then.kind === 'int' && otherwise.kind === 'int'
          ? ({ ...mergeValues(k, then, otherwise, 0, e), unknown: mask, why: why ?? null } as Value)
          : {
              kind: 'data',
              type:
                then.kind === 'data'
                  ? then.type
                  : otherwise.kind === 'data'
                    ? otherwise.type
                    : { kind: 'data', name: 'a value', bytes: null },
              why: why ?? dataWhy(e),
            };
      }
      const yes = lanesTrue(requireKnown(k, test, mask, e.test, BRANCH).lanes, mask);
      const then = k.evaluate(e.then, yes);
      const otherwise = k.evaluate(e.else, without(mask, yes));
      return mergeValues(k, then, otherwise, yes, e);
    }
    case 'comma':
      k.evaluate(e.left, mask);
      return k.evaluate(e.right, mask);
    case 'cast':
      return convertValue(k, k.evaluate(e.of, mask), resolveType(k, e.to), mask, e);
    case 'sizeof':
      return uniformInt(INT_TYPES['unsigned long'], getSizeOf(k, e));
    case 'call':
      return callFunction(k, e, mask);
    case 'asm':
      return runAsm(k, e, mask);
    case 'list':
      for (const item of e.items) k.evaluate(item, mask);
      return {
        kind: 'data',
        type: { kind: 'data', name: 'an initializer list', bytes: null },
        why: dataWhy(e, 'an initializer list'),
      };
  }
}

function evaluateName(k: KernelInterpreter, e: Extract<Expression, { kind: 'name' }>, mask: Mask): Value {
  // A template parameter first: C++ lets no name in its template hide it, and looking it up in
  // every scope out to the file's first would cost a walk of them all each time it is read.
  const template = k.templateValues.get(e.name);
  if (template) return template;
  const binding = k.scope.lookup(e.name);
  if (binding)
    return binding.kind === 'place' ? readLvalue(k, { kind: 'place', place: binding.place }, mask, e) : binding.value;
  if (e.name === 'warpSize') return uniformInt(INT_TYPES.int, 32);
  if (!k.globals.lookup(e.name) && !k.bindGlobal(e.name)) {
    const standard = getStandardValue(e);
    if (standard) return standard;
  }
  return readLvalue(k, evaluateLvalue(k, e, mask), mask, e);
}

function evaluateUnary(k: KernelInterpreter, e: Extract<Expression, { kind: 'unary' }>, mask: Mask): Value {
  if (e.op === '&') {
    const lvalue = evaluateLvalue(k, e.of, mask);
    if (lvalue.kind === 'var')
      refuse(e.at, `${clip(e.text)} takes the address of a local variable, which the analyzer does not follow`);
    return { kind: 'pointer', type: addPointers(lvalue.place.type, 1), place: lvalue.place };
  }
  if (e.op === '*') return readLvalue(k, evaluateLvalue(k, e, mask), mask, e);
  const value = k.evaluate(e.of, mask);
  if (value.kind === 'int') return applyUnary(e.op, value, mask, blameAt(k, e), clip(e.text));
  if (value.kind === 'data')
    return e.op === '!'
      ? unknownInt(INT_TYPES.bool, value.why)
      : { ...value, why: { ...value.why, text: clip(e.text) } };
  if (e.op === '!') return uniformInt(INT_TYPES.bool, 0);
  refuse(e.at, `${clip(e.text)}: ${e.op} of a pointer`);
}

/** `&&` and `||`, short-circuit: the right side runs only in the lanes the left leaves undecided. */
function evaluateLogical(k: KernelInterpreter, e: Extract<Expression, { kind: 'binary' }>, mask: Mask): Value {
  const left = toBool(k.evaluate(e.left, mask));
  const unknown = left.unknown & mask;
  let goOn = 0;
  for (let lane = 0; lane < LANES; lane++)
    if (hasLane(mask, lane) && !hasLane(unknown, lane) && (left.lanes[lane] !== 0) === (e.op === '&&'))
      goOn |= 1 << lane;
  goOn >>>= 0;
  if (unknown && mayAccess(k, e.right)) requireKnown(k, left, mask, e.left, `whether ${clip(e.right.text)} runs`);
  const right = toBool(k.evaluate(e.right, goOn));
  const lanes = makeLanes();
  for (let lane = 0; lane < LANES; lane++)
    lanes[lane] = (hasLane(goOn, lane) ? right.lanes[lane] : left.lanes[lane]) !== 0 ? 1 : 0;
  return {
    kind: 'int',
    type: INT_TYPES.bool,
    lanes,
    unknown: union(unknown, both(right.unknown, goOn)),
    why: left.why ?? right.why,
  };
}

/**
 * Whether running an expression could touch shared memory or change a variable: then the lanes
 * that run it must be known. A subscript of an array or pointer in global memory cannot.
 */
function mayAccess(k: KernelInterpreter, e: Expression): boolean {
  if (e.kind === 'call' || e.kind === 'assign' || e.kind === 'update' || e.kind === 'asm') return true;
  if (e.kind === 'unary' && e.op === '*') return true;
  if (e.kind === 'index') {
    const base = e.array.kind === 'name' ? k.scope.lookup(e.array.name) : null;
    const space =
      base?.kind === 'place' ? base.place.space : base?.value.kind === 'pointer' ? base.value.place.space : null;
    if (space !== 'global') return true;
    return mayAccess(k, e.index);
  }
  for (const child of Object.values(e))
    if (child && typeof child === 'object' && 'kind' in child && 'at' in child && mayAccess(k, child as Expression))
      return true;
  return false;
}

/** A value as a condition, lane by lane: 1 or 0, unknown where it depends on data (not refused here). */
export function toBool(value: Value): IntValue {
  if (value.kind === 'int') return value;
  if (value.kind === 'data') return unknownInt(INT_TYPES.bool, value.why);
  return uniformInt(INT_TYPES.bool, 1);
}

/** The lanes of `mask` where `value`, the value of `e`, is true; refused where it depends on data. */
export function truthOf(k: KernelInterpreter, e: Expression, value: Value, mask: Mask): Mask {
  // A loop's test on a counter: one lane's answer is every lane's.
  if (value.kind === 'int' && value.uniform) return value.lanes[0] !== 0 ? mask : 0;
  return lanesTrue(requireKnown(k, toBool(value), mask, e, BRANCH).lanes, mask);
}

const BRANCH = 'the branch';

function getSizeOf(k: KernelInterpreter, e: Extract<Expression, { kind: 'sizeof' }>): number {
  if (e.type) {
    const bytes = getTypeBytes(resolveType(k, e.type));
    if (bytes === null) refuse(e.at, `${clip(e.text)}: the analyzer does not know the size of ${e.type.name}`);
    return bytes;
  }
  const of = e.of!;
  if (of.kind === 'name' || of.kind === 'index') {
    const lvalue = evaluateLvalue(k, of, 0);
    if (lvalue.kind === 'place') {
      let bytes = getTypeBytes(lvalue.place.type) ?? 0;
      for (const d of lvalue.place.dims) bytes *= d;
      return bytes;
    }
    return getTypeBytes(lvalue.binding.type) ?? refuse(e.at, `${clip(e.text)}: a size the analyzer does not know`);
  }
  const value = k.evaluate(of, 0);
  const bytes =
    value.kind === 'int'
      ? getTypeBytes({ kind: 'int', int: value.type, name: value.type.name })
      : getTypeBytes(value.type);
  return bytes ?? refuse(e.at, `${clip(e.text)}: a size the analyzer does not know`);
}
