import type { KernelInterpreter, LoopFrame } from './kernelInterpreter';
import type { Expression, Statement } from './kernelSyntax';
import type { Mask } from './laneMask';
import { runLoop, type LoopParts } from './runStatement';

type LoopStatement = Extract<Statement, { kind: 'for' | 'while' }>;

/** What a loop reads from outside itself: names, and built-ins (`threadIdx.x`) by object and field. */
interface LoopInputs {
  readonly names: readonly string[];
  readonly builtins: readonly (readonly [string, string])[];
}

/** A run of the loop: what it was run with (by identity), and what it did (steps, the lanes after it). */
interface Entry {
  readonly mask: Mask;
  readonly live: Mask;
  readonly types: unknown;
  readonly inputs: readonly unknown[];
  readonly steps: number;
  readonly after: Mask;
}

/** Runs kept for each loop, the oldest replaced first. */
const KEPT = 8;
/** Starts before a memo that rarely finds a run it kept stops looking. */
const TRIAL = 64;

/**
 * The runs of a loop that can change nothing outside itself (`for (m…) for (n…) acc[m * TN + n] +=
 * regM[m] * regN[n]`), kept by what it reads: started again with the same values, it counts the
 * same steps and gives the same lanes without running.
 *
 * @remarks
 * Such a loop (see `findLoopInputs`) calls nothing, runs no `asm`, has no `return` or `sizeof`,
 * declares no `__shared__` array or reference, and assigns no name declared outside it; a run that
 * makes a shared access turns its memo off. What is left of its run is its steps and the lanes that
 * carry on after it, and those depend only on the values it reads (values are never changed, so
 * compared by identity), the mask, the live lanes and the template types. Its steps are counted one
 * by one as a run counts them, with the loop on the stack (the clock read as often, a refusal by
 * time naming it); where they would pass the step budget the loop runs, so that the refusal names
 * the loop a run names.
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

  /** Runs the loop for the lanes of `mask` (its first step counted already), or counts a run kept. */
  run(mask: Mask): Mask {
    const k = this.k;
    if (this.off) return runLoop(k, this.s, mask, this.parts);
    const inputs = this.readInputs();
    const entry = this.find(mask, inputs);
    this.tries++;
    if (entry) {
      this.found++;
      const recorder = k.recorder;
      if (recorder.steps + entry.steps <= k.stepLimit) {
        // The loop is on the stack while its steps are counted, as in a run: a refusal by the time
        // budget among them names it.
        const at = this.s.at;
        k.loops.push((this.frame ??= makeFrame(k, this.s)));
        try {
          for (let i = 0; i < entry.steps; i++) recorder.step(at);
        } finally {
          k.loops.pop();
        }
        return entry.after;
      }
    } else if (this.tries >= TRIAL && this.found * 4 < this.tries) {
      this.off = true;
      this.entries.length = 0;
    }
    const steps = k.recorder.steps;
    const accesses = k.sharedAccesses;
    const after = runLoop(k, this.s, mask, this.parts);
    if (k.sharedAccesses !== accesses) {
      this.off = true;
      this.entries.length = 0;
    } else if (!entry && !this.off) {
      const ran = k.recorder.steps - steps;
      this.entries[this.next] = {
        mask,
        live: k.live,
        types: k.templateTypes,
        inputs: inputs.slice(),
        steps: ran,
        after,
      };
      this.next = (this.next + 1) % KEPT;
    }
    return after;
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

/** A frame for the loop while a run's steps are counted (no instruction is recorded in it). */
const makeFrame = (k: KernelInterpreter, statement: LoopStatement): LoopFrame => ({
  statement,
  iteration: 0,
  broke: 0,
  continued: 0,
  scope: k.scope,
  bindings: null,
  snapshot: null,
});

/**
 * The names and built-ins a loop reads from outside itself, or `null` where running it may change
 * something outside it: a call, `asm`, a `return`, a `sizeof`, a declaration as an arm of an `if`,
 * a `__shared__` or reference declaration, or an assignment to a name not declared inside the loop
 * (what it writes through a subscript or a pointer is memory, which the analyzer keeps only as
 * shared accesses, and a run that makes one turns the memo off).
 */
export function findLoopInputs(s: LoopStatement): LoopInputs | null {
  const names = new Set<string>();
  const builtins = new Map<string, readonly [string, string]>();
  const declared: Set<string>[] = [];
  const isDeclared = (name: string) => declared.some((scope) => scope.has(name));

  const target = (e: Expression): boolean => {
    let root = e;
    while (root.kind === 'member' && !root.arrow) root = root.object;
    return (root.kind !== 'name' || isDeclared(root.name)) && expression(e);
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
  return statement(s) ? { names: [...names], builtins: [...builtins.values()] } : null;
}
