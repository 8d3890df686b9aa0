import { applyBinary, EXACT_INT_OPERATIONS } from './intArithmetic';
import { blameAt, clip, type Binding, type KernelInterpreter, type Lvalue, type Scope } from './kernelInterpreter';
import type { BinaryOperator, Expression } from './kernelSyntax';
import { getIntType, INT_TYPES } from './kernelTypes';
import { uniformInt, type Place, type Value } from './laneValues';
import type { Mask } from './laneMask';
import { evaluate } from './evaluateExpression';
import { evaluateLvalue, offsetPlace, pointee, readLvalue, readPlace, writeLvalue, writePlace } from './evaluatePlace';
import { combine, convertValue, mergeValues } from './combineValues';
import { PairMemo } from './PairMemo';

/** An expression compiled for one interpreter: its value for the lanes of a mask. */
export type Evaluator = (mask: Mask) => Value;

/** What an expression names, compiled: a variable, or a place in memory, for the lanes of a mask. */
type LvalueEvaluator = (mask: Mask) => Lvalue;

/** A subscript's place, compiled. */
type PlaceEvaluator = (mask: Mask) => Place;

const INT = INT_TYPES.int;
const BOOL = INT_TYPES.bool;
const ONE = uniformInt(INT, 1);

const COMPARES = new Set<BinaryOperator>(['<', '>', '<=', '>=', '==', '!=']);

/**
 * Compiles `e` once for interpreter `k`: a closure that gives its value, its children's closures
 * made once beside it, its message text clipped once, and names read without a walk of the syntax.
 *
 * @remarks
 * The closures do what `evaluate` (`evaluateExpression.ts`) does, in the same order and with the
 * same refusals: the kinds that make up a kernel's hot loops (numbers, names, integer arithmetic,
 * subscripts, assignments) have a closure of their own, every other kind runs `evaluate`.
 * `compile` gives a child's closure (made once for each expression, cached by the interpreter).
 */
export function compileExpression(
  k: KernelInterpreter,
  e: Expression,
  compile: (e: Expression) => Evaluator,
): Evaluator {
  switch (e.kind) {
    case 'number': {
      const value = uniformInt(getIntType(e.type)!, e.value);
      return () => value;
    }
    case 'name':
      return compileName(k, e);
    case 'member':
      if (e.object.kind === 'name' && !e.arrow) {
        const object = e.object.name;
        const field = e.field;
        return (mask) => {
          if (!k.scope.lookup(object)) {
            const builtin = k.getBuiltin(object, field);
            if (builtin) return builtin;
          }
          return evaluate(k, e, mask);
        };
      }
      break;
    case 'index': {
      const place = compileSubscript(k, e, compile);
      return (mask) => readPlace(k, place(mask), mask, e);
    }
    case 'update':
      return compileUpdate(k, e);
    case 'binary':
      if (e.op !== '&&' && e.op !== '||') return compileBinary(k, e, compile(e.left), compile(e.right));
      break;
    case 'assign': {
      const right = compile(e.right);
      if (e.left.kind === 'index') return compileStore(k, e, right, compileSubscript(k, e.left, compile));
      const left = compileLvalue(k, e.left, compile);
      if (e.op === '=') return (mask) => writeLvalue(k, left(mask), right(mask), mask, e);
      const op = e.op.slice(0, -1) as BinaryOperator;
      return (mask) => {
        const value = right(mask);
        const lvalue = left(mask);
        return writeLvalue(k, lvalue, combine(k, op, readLvalue(k, lvalue, mask, e.left), value, mask, e), mask, e);
      };
    }
  }
  return (mask) => evaluate(k, e, mask);
}

/**
 * A name's lookup, kept while the scope, its names and the template arguments are the ones it was
 * made with: names are declared only in the scope being run (or the file's, for a name not found
 * before), so what a name found there stays what it finds until that scope gains a name. A name not
 * found is looked up again each time.
 */
class NameLookup {
  private scope: Scope | null = null;
  private size = 0;
  private templates: ReadonlyMap<string, Value> | null = null;
  /** The template argument of the name, else its binding in scope. */
  template: Value | undefined = undefined;
  binding: Binding | null = null;
  /** The binding as an lvalue, made once. */
  lvalue: Lvalue | null = null;

  constructor(
    private readonly k: KernelInterpreter,
    private readonly name: string,
  ) {}

  /** Looks the name up again if the scope or the template arguments changed since. */
  update() {
    const k = this.k;
    const scope = k.scope;
    if (
      scope === this.scope &&
      scope.size === this.size &&
      k.templateValues === this.templates &&
      (this.template || this.binding)
    )
      return;
    this.scope = scope;
    this.size = scope.size;
    this.templates = k.templateValues;
    this.template = this.templates.get(this.name);
    const binding = this.template ? null : this.scope.lookup(this.name);
    if (binding !== this.binding) {
      this.binding = binding;
      this.lvalue =
        binding === null
          ? null
          : binding.kind === 'place'
            ? { kind: 'place', place: binding.place }
            : { kind: 'var', binding };
    }
  }
}

/** An assignment to a subscript: its value first, then the place, as `evaluate` does. */
function compileStore(
  k: KernelInterpreter,
  e: Extract<Expression, { kind: 'assign' }>,
  right: Evaluator,
  left: PlaceEvaluator,
): Evaluator {
  if (e.op === '=') return (mask) => writePlace(k, left(mask), right(mask), mask, e);
  const op = e.op.slice(0, -1) as BinaryOperator;
  return (mask) => {
    const value = right(mask);
    const place = left(mask);
    return writePlace(k, place, combine(k, op, readPlace(k, place, mask, e.left), value, mask, e), mask, e);
  };
}

/** A name: a template's value, a variable in scope, else what `evaluate` makes of it. */
function compileName(k: KernelInterpreter, e: Extract<Expression, { kind: 'name' }>): Evaluator {
  const lookup = new NameLookup(k, e.name);
  return (mask) => {
    lookup.update();
    if (lookup.template) return lookup.template;
    const binding = lookup.binding;
    if (binding?.kind === 'variable') return binding.value;
    return evaluate(k, e, mask);
  };
}

/** `i++`, `--i` of a variable: read, added to, converted and written back as `evaluate` does. */
function compileUpdate(k: KernelInterpreter, e: Extract<Expression, { kind: 'update' }>): Evaluator {
  const of = e.of;
  if (of.kind !== 'name') return (mask) => evaluate(k, e, mask);
  const lookup = new NameLookup(k, of.name);
  const op = e.op === '++' ? '+' : '-';
  const step = e.op === '++' ? 1 : -1;
  const blame = blameAt(k, e);
  const text = clip(e.text);
  return (mask) => {
    lookup.update();
    const binding = lookup.binding;
    if (binding?.kind !== 'variable') return evaluate(k, e, mask);
    const old = binding.value;
    let fresh: Value;
    if (old.kind === 'int' && old.uniform && old.type === INT && mask !== 0) {
      const r = old.lanes[0] + step;
      fresh = r <= 2147483647 && r >= -2147483648 ? uniformInt(INT, r) : applyBinary(op, old, ONE, mask, blame, text);
    } else fresh = combine(k, op, old, ONE, mask, e);
    const converted = convertValue(k, fresh, binding.type, mask, e);
    binding.value = (k.live & ~mask) === 0 ? converted : mergeValues(k, converted, binding.value, mask, e);
    return e.prefix ? converted : old;
  };
}

/** `a op b`: two integers the same in every lane and of type `int` are one addition, not 32. */
function compileBinary(
  k: KernelInterpreter,
  e: Extract<Expression, { kind: 'binary' }>,
  left: Evaluator,
  right: Evaluator,
): Evaluator {
  const op = e.op;
  const blame = blameAt(k, e);
  const text = clip(e.text);
  const fast = EXACT_INT_OPERATIONS[op];
  const result = COMPARES.has(op) ? BOOL : INT;
  const compare = result === BOOL;
  // The last operands and their result: values are never changed, so the same two give the same
  // (`threadRow * TM` in every round of a loop over K).
  let lastA: Value | null = null;
  let lastB: Value | null = null;
  let lastMask = 0;
  let last: Value | null = null;
  const memo = new PairMemo<Value, Value, Value>();
  return (mask) => {
    const a = left(mask);
    const b = right(mask);
    if (a.kind !== 'int' || b.kind !== 'int') return combine(k, op, a, b, mask, e);
    if (fast && a.uniform && b.uniform && a.type === INT && b.type === INT && mask !== 0) {
      const r = fast(a.lanes[0], b.lanes[0]);
      if (compare || (r >= -2147483648 && r <= 2147483647)) return uniformInt(result, r);
    }
    if (a === lastA && b === lastB && mask === lastMask) return last!;
    last = memo.get(a, b, mask) ?? memo.set(a, b, mask, applyBinary(op, a, b, mask, blame, text));
    lastA = a;
    lastB = b;
    lastMask = mask;
    return last;
  };
}

/** A subscript's place, compiled: `a[i]`, `a[i][j]`, `p[i]`, as `evaluateLvalue` finds it. */
function compileSubscript(
  k: KernelInterpreter,
  e: Extract<Expression, { kind: 'index' }>,
  compile: (e: Expression) => Evaluator,
): PlaceEvaluator {
  const base = e.array;
  const index = compile(e.index);
  const isLvalue =
    base.kind === 'name' ||
    base.kind === 'index' ||
    (base.kind === 'member' && !base.arrow) ||
    (base.kind === 'unary' && base.op === '*');
  // A shared array's row at an index the same in every lane and in range depends on nothing else:
  // each is made once (`Bs[k]` of every warp, every round of the outer loop), kept by the array.
  const rowsByPlace = new WeakMap<Place, Place[]>();
  let rowsOf: Place | null = null;
  let rows: Place[] = [];
  // The last place, index and mask subscripted and their place (`As[ty]` in every round of `k`).
  let lastPlace: Place | null = null;
  let lastIndex: Value | null = null;
  let lastMask = 0;
  let last: Place | null = null;
  // Places at other indices, by place and index: `Bs[k][tx]` in every round of the outer loop,
  // `As[d * BM + threadRow * TM + i]` in every round over K.
  const memo = new PairMemo<Place, Value, Place>();
  // An element of an array outside shared memory is one place whatever the index (no address is kept).
  let localOf: Place | null = null;
  let local: Place | null = null;
  const subscript = (place: Place, i: Value, mask: Mask): Place => {
    if (place.space !== 'shared' && i.kind === 'int') {
      if (place !== localOf) {
        local = offsetPlace(k, place, i, mask, e, true);
        localOf = place;
      }
      return local!;
    }
    if (place.space !== 'shared' || place.unknown !== 0 || i.kind !== 'int' || !i.uniform) {
      if (place === lastPlace && i === lastIndex && mask === lastMask) return last!;
      last = memo.get(place, i, mask) ?? memo.set(place, i, mask, offsetPlace(k, place, i, mask, e, true));
      lastPlace = place;
      lastIndex = i;
      lastMask = mask;
      return last;
    }
    const at = i.lanes[0];
    if (!(at >= 0 && at < place.dims[0])) return offsetPlace(k, place, i, mask, e, true);
    if (place !== rowsOf) {
      rowsOf = place;
      let found = rowsByPlace.get(place);
      if (!found) rowsByPlace.set(place, (found = []));
      rows = found;
    }
    return (rows[at] ??= offsetPlace(k, place, i, mask, e, true));
  };
  if (base.kind === 'index') {
    // An array's row: always a place.
    const row = compileSubscript(k, base, compile);
    return (mask) => {
      const place = row(mask);
      const i = index(mask);
      if (place.dims.length > 0) return subscript(place, i, mask);
      return offsetPlace(k, pointee(k, readVar(), mask, base), i, mask, e, false);
    };
  }
  const target = isLvalue ? compileLvalue(k, base, compile) : null;
  const value = isLvalue ? null : compile(base);
  return (mask) => {
    const lvalue = target ? target(mask) : null;
    const pointed = value ? value(mask) : null;
    const i = index(mask);
    if (lvalue && lvalue.kind === 'place' && lvalue.place.dims.length > 0) return subscript(lvalue.place, i, mask);
    const pointer = lvalue ? (lvalue.kind === 'var' ? lvalue.binding.value : readVar()) : pointed!;
    return offsetPlace(k, pointee(k, pointer, mask, base), i, mask, e, false);
  };
}

/** What `e` names, compiled for names and subscripts; other kinds as `evaluateLvalue` finds them. */
function compileLvalue(k: KernelInterpreter, e: Expression, compile: (e: Expression) => Evaluator): LvalueEvaluator {
  if (e.kind === 'index') {
    const place = compileSubscript(k, e, compile);
    return (mask) => ({ kind: 'place', place: place(mask) });
  }
  if (e.kind === 'name') {
    const lookup = new NameLookup(k, e.name);
    return (mask) => {
      lookup.update();
      return (!lookup.template && lookup.lvalue) || evaluateLvalue(k, e, mask);
    };
  }
  return (mask) => evaluateLvalue(k, e, mask);
}

/** A place where a pointer's value was expected: `evaluateLvalue` throws the same. */
const readVar = (): never => {
  throw new Error('a place where a value was expected');
};
