import { refuse } from './kernelError';
import { clip, getUniform, Scope, type Binding, type Frame, type KernelInterpreter } from './kernelInterpreter';
import type { Expression, FunctionDefinition, TypeName } from './kernelSyntax';
import type { KernelType } from './kernelTypes';
import type { Value } from './laneValues';
import type { Mask } from './laneMask';
import { convertValue } from './combineValues';
import { evaluateLvalue } from './evaluatePlace';
import { resolveType } from './resolveType';
import { callBuiltin, callWhy } from './builtinFunctions';
import { callGroupMethod } from './cooperativeGroups';

/** Calls inside calls before the analysis stops: far more than inlined helpers need. */
const MAX_CALL_DEPTH = 64;

type Call = Extract<Expression, { kind: 'call' }>;

/** A call in the kernel: a function of the file run inline, or one of CUDA's it knows; others give data. */
export function callFunction(k: KernelInterpreter, e: Call, mask: Mask): Value {
  if (e.receiver) return callGroupMethod(k, e, k.evaluate(e.receiver, mask), mask);
  const defined = k.program.functions.get(e.callee);
  if (defined && !k.scope.lookup(e.callee)) return callDefined(k, defined, e, mask);
  const args = e.args.map((a) => k.evaluate(a, mask));
  return callBuiltin(k, e, args, mask);
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
          : { kind: 'place', name: p.name, type: lvalue.place.type, place: lvalue.place },
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
      { kind: 'variable', name: p.name, type, value: convertValue(k, value, type, mask, arg), isConst: false },
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
    // `f<kTile>` with a constexpr: the parser cannot tell such a
    // name from a type, so a name that is not a type is read as the value it names.
    const named = 'pointers' in arg && arg.pointers === 0 && isValueName(k, arg.name) ? arg : null;
    const expression: Expression | null = named
      ? { kind: 'name', name: named.name, at: named.position, text: named.name }
      : 'pointers' in arg
        ? null
        : arg;
    if (!expression) refuse(at.at, `${fn.name}'s template parameter ${p.name} is a value, not a type`);
    const value = k.evaluate(expression, k.live);
    const known = value.kind === 'int' ? getUniform(value, k.live) : null;
    if (known === null) refuse(expression.at, `${clip(expression.text)}: a template argument must be a constant`);
    values.set(p.name, convertValue(k, value, resolveType(k, p.type), k.live, expression));
  });
}

/** Whether `name` names a value (a variable or constant, a template value), not a type. */
const isValueName = (k: KernelInterpreter, name: string) =>
  k.scope.lookup(name) !== null ||
  k.templateValues.has(name) ||
  k.program.declarations.some((d) => d.declarators.some((x) => x.name === name));
