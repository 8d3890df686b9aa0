import { startLoopFrame, type KernelInterpreter, type LoopFrame, type Recorder } from './kernelInterpreter';
import type { Expression, Statement } from './kernelSyntax';
import type { Mask } from './laneMask';
import { LoopTrace, replayAccesses, type TracedAccess } from './LoopTrace';
import { runLoop, type LoopParts } from './runStatement';

type LoopStatement = Extract<Statement, { kind: 'for' | 'while' }>;

/**
 * What a loop reads from outside itself (names, and built-ins such as `threadIdx.x` by object and
 * field), and the variables from outside it assigns.
 */
interface LoopInputs {
  readonly names: readonly string[];
  readonly builtins: readonly (readonly [string, string])[];
  readonly writes: readonly string[];
}

/**
 * A run of the loop: what it was run with (by identity), and what it did (steps, the lanes after
 * it, the values it left in the variables it assigns, its shared accesses).
 */
interface Entry {
  readonly mask: Mask;
  readonly live: Mask;
  readonly types: unknown;
  readonly inputs: readonly unknown[];
  readonly steps: number;
  readonly after: Mask;
  readonly outputs: readonly unknown[];
  readonly accesses: readonly TracedAccess[];
}

/** Runs kept for each loop, the oldest replaced first. */
const KEPT = 8;
/** Starts before a memo that rarely finds a run it kept stops looking. */
const TRIAL = 64;

/**
 * The runs of a loop whose effects are all known (`for (k…) Csub += As[ty][k] * Bs[k][tx]`, `for (m…)
 * for (n…) acc[m * TN + n] += regM[m] * regN[n]`), kept by what it reads: started again with the
 * same values, it counts the same steps, records the same shared accesses inside the same loop
 * values, leaves the same values in the variables it assigns and gives the same lanes, without
 * running.
 *
 * @remarks
 * Such a loop (see `findLoopInputs`) calls nothing, runs no `asm`, has no `return` or `sizeof`,
 * declares no `__shared__` array or reference, and assigns no name from outside it but plain
 * variables. What it writes through a subscript or a pointer is memory, which the analyzer keeps
 * only as the shared accesses it records. So what its run does depends only on the values it reads
 * (values are never changed, so compared by identity), the mask, the live lanes and the template
 * types. Its steps are counted one by one as a run counts them, with the loop on the stack (the
 * clock read as often, a refusal by time naming it); where they would pass the step budget the loop
 * runs, so that the refusal names the loop a run names.
 */
export class LoopMemo {
  private readonly entries: Entry[] = [];
  private next = 0;
  private tries = 0;
  private found = 0;
  private off = false;
  private readonly scratch: unknown[];
  private frame: LoopFrame | null = null;

  private constructor(
    private readonly k: KernelInterpreter,
    private readonly s: LoopStatement,
    private readonly parts: LoopParts,
    private readonly reads: LoopInputs,
  ) {
    this.scratch = new Array<unknown>(reads.names.length + reads.builtins.length).fill(null);
  }

  /** A memo for loop `s`, or `null` where running it may change something outside it. */
  static of(k: KernelInterpreter, s: LoopStatement, parts: LoopParts): LoopMemo | null {
    const reads = findLoopInputs(s);
    return reads ? new LoopMemo(k, s, parts, reads) : null;
  }

  /** Runs the loop for the lanes of `mask` (its first step counted already), or does again a run kept. */
  run(mask: Mask): Mask {
    const k = this.k;
    if (this.off) return runLoop(k, this.s, mask, this.parts);
    const inputs = this.readInputs();
    const entry = this.find(mask, inputs);
    this.tries++;
    if (entry) {
      this.found++;
      // A loop around that has not yet looked up its variables would look them up from inside this
      // one in a run (where a name may be another variable's): run it.
      if (k.recorder.steps + entry.steps <= k.stepLimit && k.loops.every((loop) => loop.bindings !== null))
        return this.replay(entry);
    } else if (this.tries >= TRIAL && this.found * 4 < this.tries) {
      this.off = true;
      this.entries.length = 0;
    }
    const steps = k.recorder.steps;
    const recorder = k.recorder;
    const trace = new LoopTrace(k, recorder, k.loops.length);
    let after: Mask;
    k.recorder = trace;
    try {
      after = runLoop(k, this.s, mask, this.parts);
    } finally {
      k.recorder = recorder;
    }
    const outputs = this.readOutputs();
    if (trace.full || outputs === null) {
      this.off = true;
      this.entries.length = 0;
    } else if (!entry && !this.off) {
      this.entries[this.next] = {
        mask,
        live: k.live,
        types: k.templateTypes,
        inputs: inputs.slice(),
        steps: k.recorder.steps - steps,
        after,
        outputs,
        accesses: trace.accesses,
      };
      this.next = (this.next + 1) % KEPT;
    }
    return after;
  }

  /** What a run kept did, done again: its steps, its accesses, the values it left. */
  private replay(entry: Entry): Mask {
    const k = this.k;
    const recorder: Recorder = k.recorder;
    // The loop is on the stack while its steps are counted, as in a run: a refusal by the time
    // budget among them names it.
    const at = this.s.at;
    k.loops.push((this.frame ??= startLoopFrame(this.s, k.scope)));
    try {
      recorder.stepMany(at, entry.steps);
    } finally {
      k.loops.pop();
    }
    replayAccesses(k, entry.accesses);
    const { writes } = this.reads;
    for (let i = 0; i < writes.length; i++) {
      const binding = k.scope.lookup(writes[i]);
      if (binding?.kind === 'variable') binding.value = entry.outputs[i] as typeof binding.value;
    }
    return entry.after;
  }

  /** The values the loop left in the variables from outside it assigns; `null` where one is not a variable in scope. */
  private readOutputs(): unknown[] | null {
    const { writes } = this.reads;
    const outputs: unknown[] = [];
    for (const name of writes) {
      const binding = this.k.scope.lookup(name);
      if (binding?.kind !== 'variable' || this.k.templateValues.has(name)) return null;
      outputs.push(binding.value);
    }
    return outputs;
  }

  /** The values the loop would read now from outside itself, in the order of its inputs. */
  private readInputs(): unknown[] {
    const k = this.k;
    const { names, builtins } = this.reads;
    const inputs = this.scratch;
    for (let i = 0; i < names.length; i++) {
      const template = k.templateValues.get(names[i]);
      if (template) {
        inputs[i] = template;
        continue;
      }
      const binding = k.scope.lookup(names[i]) ?? k.globals.lookup(names[i]);
      inputs[i] = binding === null ? null : binding.kind === 'variable' ? binding.value : binding.place;
    }
    for (let i = 0; i < builtins.length; i++) inputs[names.length + i] = k.getBuiltin(builtins[i][0], builtins[i][1]);
    return inputs;
  }

  private find(mask: Mask, inputs: readonly unknown[]): Entry | null {
    const k = this.k;
    for (const entry of this.entries) {
      if (entry.mask !== mask || entry.live !== k.live || entry.types !== k.templateTypes) continue;
      let same = true;
      for (let i = 0; i < inputs.length && same; i++) same = entry.inputs[i] === inputs[i];
      if (same) return entry;
    }
    return null;
  }
}

/**
 * The names and built-ins a loop reads from outside itself and the names from outside it assigns,
 * or `null` where its run may do what a memo cannot do again: a call, `asm`, a `return`, a `sizeof`,
 * a declaration as an arm of an `if`, a `__shared__` or reference declaration, or an assignment to a
 * member of a variable from outside (what it writes through a subscript or a pointer is memory,
 * which the analyzer keeps only as the shared accesses a run records).
 */
export function findLoopInputs(s: LoopStatement): LoopInputs | null {
  const names = new Set<string>();
  const builtins = new Map<string, readonly [string, string]>();
  const declared: Set<string>[] = [];
  const isDeclared = (name: string) => declared.some((scope) => scope.has(name));

  const writes = new Set<string>();
  const target = (e: Expression): boolean => {
    // A variable from outside is assigned as a whole (its value kept from the run); a member of one is not.
    if (e.kind === 'name' && !isDeclared(e.name)) writes.add(e.name);
    let root = e;
    while (root.kind === 'member' && !root.arrow) root = root.object;
    return (root === e || root.kind !== 'name' || isDeclared(root.name)) && expression(e);
  };
  const expression = (e: Expression | null): boolean => {
    if (e === null) return true;
    switch (e.kind) {
      case 'number':
      case 'float':
      case 'string':
        return true;
      case 'name':
        // A name declared inside the loop before this point is the loop's own, never one from outside.
        if (!isDeclared(e.name)) names.add(e.name);
        return true;
      case 'member':
        if (e.object.kind === 'name' && !e.arrow) builtins.set(`${e.object.name}.${e.field}`, [e.object.name, e.field]);
        return expression(e.object);
      case 'index':
        return expression(e.array) && expression(e.index);
      case 'unary':
      case 'cast':
        return expression(e.of);
      case 'update':
        return target(e.of);
      case 'assign':
        return target(e.left) && expression(e.right);
      case 'binary':
      case 'comma':
        return expression(e.left) && expression(e.right);
      case 'conditional':
        return expression(e.test) && expression(e.then) && expression(e.else);
      case 'list':
        return e.items.every(expression);
      case 'call':
      case 'asm':
        return false;
      case 'sizeof':
        // The size of a variable is its binding's type, which the values read do not say.
        return false;
    }
  };
  const scoped = (run: () => boolean): boolean => {
    declared.push(new Set());
    try {
      return run();
    } finally {
      declared.pop();
    }
  };
  const statement = (t: Statement | null): boolean => {
    if (t === null) return true;
    switch (t.kind) {
      case 'block':
        return scoped(() => t.body.every(statement));
      case 'expression':
        return expression(t.expression);
      case 'declaration':
        if (t.storage.shared || !expression(t.storage.align)) return false;
        for (const d of t.declarators) {
          if (d.reference || !d.dims.every(expression) || !expression(d.init)) return false;
          declared[declared.length - 1].add(d.name);
        }
        return true;
      case 'if':
        // An arm that is a declaration declares in the scope around it only when it runs: a name
        // after it may be the loop's or one from outside.
        if (t.then.kind === 'declaration' || t.else?.kind === 'declaration') return false;
        return expression(t.test) && statement(t.then) && statement(t.else);
      case 'for':
        return scoped(() => statement(t.init) && expression(t.test) && statement(t.body) && expression(t.update));
      case 'while':
        return scoped(() => expression(t.test) && statement(t.body));
      case 'break':
      case 'continue':
      case 'empty':
        return true;
      case 'return':
        return false;
    }
  };
  return statement(s) ? { names: [...names], builtins: [...builtins.values()], writes: [...writes] } : null;
}
