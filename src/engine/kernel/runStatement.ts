import { refuse } from './kernelError';
import {
  clip,
  getUniform,
  requireKnown,
  Scope,
  type VariableBinding,
  type KernelInterpreter,
  startLoopFrame,
} from './kernelInterpreter';
import type { Statement } from './kernelSyntax';
import { addPointers, type KernelType } from './kernelTypes';
import { unknownInt, type IntValue, type Value, makeLanes, type Unknown } from './laneValues';
import { lanesTrue, type Mask, both, union, without } from './laneMask';
import { convertValue, mergeValues } from './combineValues';
import { evaluateLvalue } from './evaluatePlace';
import { resolveType } from './resolveType';

type Declaration = Extract<Statement, { kind: 'declaration' }>;

/** The statements `compileStatement` leaves to a plain function: declarations and jumps. */
export type SimpleStatement = Extract<Statement, { kind: 'declaration' | 'break' | 'continue' | 'return' | 'empty' }>;

/**
 * Runs a declaration or a jump for the lanes of `mask` and returns the lanes that carry on after
 * it: those that broke out of a loop, continued it or returned are taken off (their frames note them).
 */
export function runStatement(k: KernelInterpreter, s: SimpleStatement, mask: Mask): Mask {
  if (mask === 0) return 0;
  k.recorder.step(s.at);
  switch (s.kind) {
    case 'declaration':
      declare(k, s, mask);
      return mask;
    case 'break':
    case 'continue': {
      const loop = k.loops[k.loops.length - 1];
      if (!loop) refuse(s.at, `${s.kind} outside a loop`);
      if (s.kind === 'break') loop.broke = union(loop.broke, mask);
      else loop.continued = union(loop.continued, mask);
      return 0;
    }
    case 'return': {
      const frame = k.frames[k.frames.length - 1];
      if (s.value) {
        const value = convertValue(k, k.evaluate(s.value, mask), frame.returns, mask, s.value);
        frame.result = frame.result === null ? value : mergeValues(k, value, frame.result, mask, s.value);
      }
      frame.returned = union(frame.returned, mask);
      return 0;
    }
    case 'empty':
      return mask;
  }
}

/**
 * An `if` whose condition depends on data in some lanes: fine while neither arm makes a shared
 * access or leaves the block (a return, a break). Those lanes run both arms, and each variable an
 * arm sets becomes unknown in them, blamed on the branch: a refusal comes only where such a value
 * later decides an address or a branch.
 */
export function runDataBranch(
  k: KernelInterpreter,
  s: Extract<Statement, { kind: 'if' }>,
  test: IntValue,
  mask: Mask,
): Mask {
  const unknown = both(test.unknown, mask);
  const refuseBranch = () => requireKnown(k, test, mask, s.test, 'the branch') as never;
  const yes = lanesTrue(test.lanes, without(mask, unknown));
  const no = without(mask, union(unknown, yes));
  const variables = k.scope.variables();
  const before = variables.map((v) => v.value);
  const outer = k.dataBranch;
  k.dataBranch = refuseBranch;
  let after: Mask;
  try {
    const then = k.execute(s.then, union(yes, unknown));
    const otherwise = s.else ? k.execute(s.else, union(no, unknown)) : union(no, unknown);
    if (both(both(then, otherwise), unknown) !== unknown) refuseBranch();
    after = union(then, otherwise);
  } finally {
    k.dataBranch = outer;
  }
  const why: Unknown = {
    tag: 'data',
    text: `${clip(s.test.text)} (line ${s.test.at.line})`,
    what: 'a branch on data that sets it',
    needs: 'the data',
  };
  variables.forEach((v, i) => {
    if (v.value !== before[i]) v.value = markUnknown(v.value, unknown, why);
  });
  return after;
}

/** `value` unknown in the lanes of `lanes` (an integer or a pointer's address), blamed on `why`. */
function markUnknown(value: Value, lanes: Mask, why: Unknown): Value {
  if (value.kind === 'int') return { ...value, unknown: union(value.unknown, lanes), why, uniform: undefined };
  if (value.kind === 'pointer')
    return { ...value, place: { ...value.place, unknown: union(value.place.unknown, lanes), why } };
  return value;
}

/** A loop's parts, compiled: its init, its test (the lanes where it holds), its body and its update. */
export interface LoopParts {
  readonly init: ((mask: Mask) => Mask) | null;
  readonly test: ((mask: Mask) => Mask) | null;
  readonly body: (mask: Mask) => Mask;
  readonly update: ((mask: Mask) => Value) | null;
}

/** `for`, `while` and `do`: round and round while any lane is still in the loop. */
export function runLoop(
  k: KernelInterpreter,
  s: Extract<Statement, { kind: 'for' | 'while' }>,
  mask: Mask,
  { init, test, body, update }: LoopParts,
): Mask {
  const outer = k.scope;
  k.scope = new Scope(outer);
  if (init) init(mask);
  const frame = startLoopFrame(s, k.scope);
  k.loops.push(frame);
  let active = mask;
  let left = 0;
  const post = s.kind === 'while' && s.post;
  try {
    for (;;) {
      if (!post || frame.iteration > 0) {
        k.recorder.step(s.at);
        const yes = test ? test(active) : active;
        left = union(left, without(active, yes));
        active = yes;
      }
      if (active === 0) break;
      frame.continued = 0;
      const out = body(active);
      active = union(out, frame.continued);
      if (update && active) update(active);
      frame.iteration++;
    }
  } finally {
    k.loops.pop();
    k.scope = outer;
  }
  return union(left, frame.broke);
}

/** A declaration inside a function: locals, references, local arrays and `__shared__` arrays. */
function declare(k: KernelInterpreter, s: Declaration, mask: Mask) {
  const base = s.type.name === 'auto' ? null : resolveType(k, s.type);
  for (const d of s.declarators) {
    if (k.scope.has(d.name) && k.scope.parent !== null) refuse(d.at, `${d.name} is declared twice in one scope`);
    const dims = d.dims.map((dim) =>
      dim === null
        ? null
        : constantOf(k, k.evaluate(dim, k.live), () => `${clip(dim.text)}: an array's size must be a constant`, dim.at),
    );
    if (s.storage.shared) {
      if (!base) refuse(d.at, 'a __shared__ array needs its type written out');
      const type = addPointers(base, d.pointers);
      const align = s.storage.align
        ? constantOf(
            k,
            k.evaluate(s.storage.align, k.live),
            () => `${clip(s.storage.align!.text)}: __align__ takes a constant`,
            s.storage.align.at,
          )
        : 1;
      const place = k.placeShared(d, type, dims, align, s.storage.extern, d.at);
      k.scope.declare(d.name, { kind: 'place', name: d.name, type, place });
      continue;
    }
    if (d.reference) {
      if (!d.init) refuse(d.at, `the reference ${d.name} needs a value`);
      const lvalue = evaluateLvalue(k, d.init, mask);
      k.scope.declare(
        d.name,
        lvalue.kind === 'var'
          ? lvalue.binding
          : { kind: 'place', name: d.name, type: lvalue.place.type, place: lvalue.place },
      );
      continue;
    }
    const init = d.init ? k.evaluate(d.init, mask) : null;
    const type = base ? addPointers(base, d.pointers) : inferType(init, d.at);
    if (dims.length > 0) {
      if (dims.some((x) => x === null)) refuse(d.at, `${d.name}: a local array needs its size`);
      const place = {
        space: 'local' as const,
        array: null,
        type,
        dims: dims as number[],
        addresses: makeLanes(),
        unknown: 0,
        why: null,
        name: d.name,
      };
      k.scope.declare(d.name, { kind: 'place', name: d.name, type, place });
      continue;
    }
    const binding: VariableBinding = {
      kind: 'variable',
      name: d.name,
      type,
      // The unset value is made only for a declaration without one (a loop's counter has one).
      value: init ? convertValue(k, init, type, mask, d.init!) : uninitialised(type, d.name),
      isConst: s.storage.isConst,
    };
    k.scope.declare(d.name, binding);
  }
}

function uninitialised(type: KernelType, name: string): Value {
  const why: Unknown = {
    tag: 'unset',
    text: name,
    what: 'a variable read before it is set',
    needs: 'a value set first',
  };
  return type.kind === 'int' ? unknownInt(type.int, why) : { kind: 'data', type, why };
}

function inferType(init: Value | null, at: Statement['at']): KernelType {
  if (!init) refuse(at, 'auto needs a value to take its type from');
  if (init.kind === 'int') return { kind: 'int', int: init.type, name: init.type.name };
  return init.type;
}

/** A value that must be the same known integer in every lane (an array's size, an alignment). */
export function constantOf(
  k: KernelInterpreter,
  value: Value,
  message: string | (() => string),
  at: Statement['at'],
): number {
  const known = value.kind === 'int' ? getUniform(value, k.live) : null;
  if (known === null) refuse(at, typeof message === 'string' ? message : message());
  return known;
}
