import { refuse } from './kernelError';
import type { KernelInstructions, KernelLaunch, LoopValues } from './kernelReport';
import type { Declarator, Expression, FunctionDefinition, KernelProgram, Statement } from './kernelSyntax';
import type { KernelType } from './kernelTypes';
import type { Blame } from './intArithmetic';
import { type IntValue, type Place, type Unknown, type Value } from './laneValues';
import { hasLane, LANES, lowestLane, type Mask } from './laneMask';
import type { InstructionForm } from './instructionForms';
import type { SourcePosition } from './syntaxNode';

/** A name in scope: a variable (its value, lane by lane), or a name for a place in memory. */
export type Binding = VariableBinding | PlaceBinding;

/** A variable: its current value, lane by lane. */
export interface VariableBinding {
  readonly kind: 'variable';
  readonly name: string;
  readonly type: KernelType;
  value: Value;
  readonly isConst: boolean;
}

/** An array, or a reference (`T& r = …`) to an element in memory: the place it names. */
export interface PlaceBinding {
  readonly kind: 'place';
  readonly name: string;
  readonly type: KernelType;
  readonly place: Place;
}

/** What an expression names, to read or to write. */
export type Lvalue =
  { readonly kind: 'var'; readonly binding: VariableBinding } | { readonly kind: 'place'; readonly place: Place };

/** Names in scope, innermost first. */
export class Scope {
  // Made on the first declaration: most blocks a loop enters declare nothing.
  private names: Map<string, Binding> | null = null;
  constructor(readonly parent: Scope | null) {}
  has(name: string): boolean {
    return this.names?.has(name) ?? false;
  }
  /**
   * How many declarations it has had (a lookup kept for this scope holds while this stays the same):
   * a field counted up, not the map's size, as every name read asks.
   */
  size = 0;
  declare(name: string, binding: Binding) {
    (this.names ??= new Map()).set(name, binding);
    this.size++;
  }
  lookup(name: string): Binding | null {
    return this.names?.get(name) ?? this.parent?.lookup(name) ?? null;
  }
  /** The variables in scope here and outward (a name hidden by an inner one included). */
  variables(): VariableBinding[] {
    const found: VariableBinding[] = this.parent?.variables() ?? [];
    for (const binding of this.names?.values() ?? []) if (binding.kind === 'variable') found.push(binding);
    return found;
  }
}

/** A call being run: the lanes that returned, and their value. */
export interface Frame {
  readonly fn: FunctionDefinition;
  readonly returns: KernelType;
  returned: Mask;
  result: Value | null;
  /** The kernel line the call is made from (`null` in the kernel itself). */
  readonly callAt: SourcePosition | null;
}

/** A loop being run: the lanes that broke out of it or continued, and how often it has gone round. */
export interface LoopFrame {
  readonly statement: Extract<Statement, { kind: 'for' | 'while' }>;
  iteration: number;
  broke: Mask;
  continued: Mask;
  readonly scope: Scope;
  /** Its variables' bindings, looked up on the first snapshot (they live as long as the loop). */
  bindings: readonly (Binding | null)[] | null;
  /**
   * The last snapshot of its variables, kept while their values (immutable records) stay the same;
   * the recorder changes it in place at each new one.
   */
  snapshot: {
    mask: Mask;
    iteration: number;
    readonly seen: unknown[];
    values: LoopValues;
    /** Whether `values` are kept for other warps to share (lists of them are, too). */
    shared: boolean;
  } | null;
}

/** A loop's frame as it starts: no round gone, no lanes out, its variables not yet looked up. */
export const startLoopFrame = (statement: LoopFrame['statement'], scope: Scope): LoopFrame => ({
  statement,
  iteration: 0,
  broke: 0,
  continued: 0,
  scope,
  bindings: null,
  snapshot: null,
});

/** The record of a run (see `InstructionRecorder`). */
export interface Recorder {
  /** The run's instructions, in columns (made at each call: once, when the run ends). */
  getInstructions(): KernelInstructions;
  readonly steps: number;
  /** Records one shared access of `place` by the lanes of `mask`, made at `at`. */
  record(place: Place, form: InstructionForm, mask: Mask, at: SourcePosition): void;
  /** Counts a step; past the budget, refuses naming the loop that ran it out. */
  step(at: SourcePosition): void;
  /** Counts `count` steps, as as many calls of `step` would. */
  stepMany(at: SourcePosition, count: number): void;
}

/** Everything the running kernel needs: the program, the warp's threads, the scopes and the record. */
export interface KernelInterpreter {
  readonly program: KernelProgram;
  readonly source: string;
  readonly launch: Required<Pick<KernelLaunch, 'block' | 'grid' | 'blockIdx' | 'args'>>;
  readonly globals: Scope;
  /** The template arguments of the function being run, by name: values, and types. */
  templateValues: Map<string, Value>;
  templateTypes: Map<string, KernelType>;
  warp: number;
  /** The warp's lanes that are threads of the block. */
  live: Mask;
  threadIdx: { x: IntValue; y: IntValue; z: IntValue };
  scope: Scope;
  readonly frames: Frame[];
  readonly loops: LoopFrame[];
  /**
   * The record of the run: its instructions, and its steps against the budget (while a loop a
   * `LoopMemo` keeps runs, a `LoopTrace` in front of it).
   */
  recorder: Recorder;
  /** The steps a run may take (the recorder refuses past them). */
  readonly stepLimit: number;
  /**
   * Set while the arms of an `if` on data run for the lanes whose branch is unknown: refuses (at
   * the branch, as a branch on data is refused) should a shared access be made there.
   */
  dataBranch: (() => never) | null;
  /** The value of `e` for the lanes of `mask`; shared loads on the way are recorded. */
  evaluate(e: Expression, mask: Mask): Value;
  /** Runs `s` for the lanes of `mask`: the lanes that carry on after it. */
  execute(s: Statement, mask: Mask): Mask;
  /** `threadIdx.x`, `blockDim.y` …: the built-in value, or `null` for another name. */
  getBuiltin(object: string, field: string): Value | null;
  /** Binds a file-scope name on first use (a constant, a `__shared__` array); `null` when there is none. */
  bindGlobal(name: string): Binding | null;
  /** The place of a `__shared__` declarator, laid out the first time it is declared. */
  placeShared(
    declarator: Declarator,
    type: KernelType,
    dims: readonly (number | null)[],
    align: number,
    dynamic: boolean,
    at: SourcePosition,
  ): Place;
}

/** The message for an unknown value that decides something: what it came from and what to do. */
export function describeUnknown(
  k: KernelInterpreter,
  expression: Expression,
  why: Unknown | null,
  decides: string,
): string {
  const origin = why ?? {
    tag: 'unknown',
    text: expression.text,
    what: 'a value the analyzer cannot know',
    needs: 'the data',
  };
  const carrier = findCarrier(k, expression);
  const subject =
    carrier && carrier !== origin.text
      ? `${carrier} comes from ${origin.text}, ${origin.what}`
      : `${origin.text} is ${origin.what}`;
  return `${clip(expression.text)}: ${subject}; ${decides} cannot be known without ${origin.needs}`;
}

/** The first name in `expression` whose value is unknown: the variable to blame in a message. */
function findCarrier(k: KernelInterpreter, expression: Expression): string | null {
  if (expression.kind === 'name') {
    const binding = k.scope.lookup(expression.name);
    // An array's binding holds a place, not a value of its own.
    const value = binding?.kind === 'variable' ? binding.value : undefined;
    if (value && ((value.kind === 'int' && value.unknown) || value.kind === 'data')) return expression.name;
    return null;
  }
  for (const child of Object.values(expression))
    if (child && typeof child === 'object' && 'kind' in child && 'at' in child) {
      const found = findCarrier(k, child as Expression);
      if (found) return found;
    }
  return null;
}

/** Refuses when `value` is unknown in a lane of `mask`: it decides an address or a branch. */
export function requireKnown(
  k: KernelInterpreter,
  value: Value,
  mask: Mask,
  expression: Expression,
  decides: string,
): IntValue {
  if (value.kind === 'int' && (value.unknown & mask) === 0) return value;
  if (value.kind === 'pointer') refuse(expression.at, `${clip(expression.text)} is a pointer, not an integer`);
  const why = value.kind === 'data' ? value.why : value.why;
  refuse(expression.at, describeUnknown(k, expression, why, decides));
}

/** Whether an integer is the same in every lane of `mask` (which must not be 0), and that value. */
export function getUniform(value: IntValue, mask: Mask): number | null {
  // A uniform value holds lanes[0] in every lane and none unknown (a loop counter, every round).
  if (value.uniform && mask !== 0) return value.lanes[0];
  if (value.unknown & mask) return null;
  const first = value.lanes[lowestLane(mask)];
  for (let lane = 0; lane < 32; lane++) if (hasLane(mask, lane) && value.lanes[lane] !== first) return null;
  return first;
}

const clipped = new Map<string, string>();

/** `text` on one line and at most 60 characters, for a message (kept: the same texts come round every step). */
export function clip(text: string): string {
  let one = clipped.get(text);
  if (one === undefined) {
    one = text.replace(/\s+/g, ' ').trim();
    if (one.length > 60) one = `${one.slice(0, 60)}…`;
    if (clipped.size > 10_000) clipped.clear();
    clipped.set(text, one);
  }
  return one;
}

/** Refuses C's undefined behaviour in one lane, naming the expression and the thread. */
export const blameAt =
  (k: KernelInterpreter, e: Expression): Blame =>
  (lane, reason) =>
    refuse(e.at, `${reason} for lane ${lane} of warp ${k.warp} (thread ${k.warp * LANES + lane})`);

export const dataWhy = (e: Expression, what = 'a floating-point value'): Unknown => ({
  tag: 'data',
  text: clip(e.text),
  what,
  needs: 'the data (the analyzer follows integer addresses and branches only)',
});
