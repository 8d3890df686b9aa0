import { getOperation, type OperationDefinition, type Operation } from '../operations';
import { groupDigits } from '../groupDigits';
import { AddressPatterns, type CountedPattern } from './AddressPatterns';
import type { InstructionForm } from './instructionForms';
import { refuse } from './kernelError';
import { getUniform, type Binding, type KernelInterpreter, type LoopFrame } from './kernelInterpreter';
import type { KernelInstruction, LoopValues, SharedArrayPlacement } from './kernelReport';
import type { Expression } from './kernelSyntax';
import { type Place } from './laneValues';
import { LANES, type Mask } from './laneMask';
import type { SourcePosition } from './syntaxNode';

/** How long a run may go: steps (statements and loop rounds of every warp) and wall-clock milliseconds. */
export interface StepBudget {
  readonly steps: number;
  readonly ms: number;
}

/** What one instruction form costs to look up once: its operation, each lane's bytes, its phasing. */
interface FormCost {
  readonly operation: OperationDefinition<Operation>;
  readonly bytes: number;
}

/**
 * Loop values and lists kept for other warps before no more are kept: a warp whose loop never ends
 * makes new ones at every round, which no other warp will share.
 */
const MAX_KEPT = 1 << 14;

/** The clock is read once in this many steps: reading it every step would cost more than the step. */
const CLOCK_EVERY = 1024;

/**
 * The record of a run: each shared-memory instruction with its addresses checked against its array,
 * its rounds counted and its loops' values; and the step budget, by count and by time.
 */
export class InstructionRecorder {
  readonly instructions: KernelInstruction[] = [];
  steps = 0;
  private readonly costs = new Map<InstructionForm, FormCost>();
  private readonly patterns = new AddressPatterns();
  /** The lanes of the instruction being recorded, before they are found among the patterns. */
  private readonly lanes = new Int32Array(LANES);
  private readonly deadline: number;
  private last: LoopValues[] | null = null;
  /**
   * Each place's last lanes checked and counted: a place is immutable and the compiled subscripts
   * give the same one for the same address, so `As[ty][k]` of every round is checked once.
   */
  private readonly recorded = new WeakMap<Place, { mask: Mask; pattern: CountedPattern }>();
  /** Loop values made before, by loop and then by iteration and values: every warp goes round the same loops. */
  private readonly loopValues = new Map<LoopFrame['statement'], KeptValues[][]>();
  /** Lists of loop values made before, by their entries (the outermost first). */
  private readonly lists = new Map<LoopValues, ListNode>();
  /** Loop values and lists kept for sharing so far. */
  private kept = 0;

  constructor(
    private readonly k: KernelInterpreter,
    private readonly arrays: readonly SharedArrayPlacement[],
    private readonly budget: StepBudget,
    private readonly onInstruction: (instruction: KernelInstruction) => void,
  ) {
    this.deadline = performance.now() + budget.ms;
  }

  /** Records one shared access of `place` by the lanes of `mask`, made at `at`; refuses one outside its array. */
  record(place: Place, form: InstructionForm, mask: Mask, at: SourcePosition) {
    if (mask === 0) return;
    this.k.dataBranch?.();
    const known = this.recorded.get(place);
    const counted =
      known && known.mask === mask && known.pattern.form === form ? known.pattern : this.check(place, form, mask, at);
    const { addresses, rounds, ideal, racing } = counted;
    const k = this.k;
    const outer = k.frames.length > 1 ? k.frames[1].callAt : null;
    const instruction: KernelInstruction = {
      index: this.instructions.length,
      line: outer ? outer.line : at.line,
      inner: outer ? at.line : null,
      column: outer ? outer.column : at.column,
      op: form.op,
      type: form.type,
      matrices: form.matrices,
      form: form.form,
      warp: k.warp,
      addresses,
      rounds,
      ideal,
      racing,
      loops: this.snapshotLoops(mask),
    };
    this.instructions.push(instruction);
    this.onInstruction(instruction);
  }

  /** Checks the lanes of `mask` at `place` against its array and counts their pattern; kept for the place. */
  private check(place: Place, form: InstructionForm, mask: Mask, at: SourcePosition): CountedPattern {
    const { operation, bytes } = this.getCost(form);
    const lanes = this.lanes;
    const from = place.addresses;
    const array = place.array;
    let bad = array === null;
    if (array) {
      const low = array.base;
      const high = array.base + array.bytes - bytes;
      for (let lane = 0; lane < LANES && !bad; lane++) {
        const address = from[lane];
        if (((mask >>> lane) & 1) === 0) lanes[lane] = -1;
        else if (address % bytes !== 0 || address < low || address > high) bad = true;
        else lanes[lane] = address;
      }
    }
    if (bad) {
      lanes.fill(-1);
      this.checkLanes(place, mask, bytes, operation.writes, at, lanes);
    }
    const pattern = this.patterns.count(lanes, form, bytes, operation, at);
    this.recorded.set(place, { mask, pattern });
    return pattern;
  }

  /** Counts a step; past the budget (its steps or its time), refuses naming the loop that ran it out. */
  step(at: SourcePosition) {
    const steps = ++this.steps;
    const outOfSteps = steps > this.budget.steps;
    if (!outOfSteps && (steps % CLOCK_EVERY !== 0 || performance.now() <= this.deadline)) return;
    this.refuseBudget(at, outOfSteps);
  }

  /** Counts `count` steps as as many calls of {@link step} would: the clock read at the same steps. */
  stepMany(at: SourcePosition, count: number) {
    if (this.steps + count > this.budget.steps) {
      for (let i = 0; i < count; i++) this.step(at);
      return;
    }
    const to = this.steps + count;
    for (let next = (Math.floor(this.steps / CLOCK_EVERY) + 1) * CLOCK_EVERY; next <= to; next += CLOCK_EVERY) {
      this.steps = next;
      if (performance.now() > this.deadline) this.refuseBudget(at, false);
    }
    this.steps = to;
  }

  private getCost(form: InstructionForm): FormCost {
    let cost = this.costs.get(form);
    if (!cost) {
      const operation = getOperation(form.op);
      cost = { operation, bytes: operation.laneBytes(form) };
      this.costs.set(form, cost);
    }
    return cost;
  }

  /** Each lane's address checked one by one: the first misaligned or outside its array is refused. */
  private checkLanes(
    place: Place,
    mask: Mask,
    bytes: number,
    writes: boolean,
    at: SourcePosition,
    addresses: Int32Array,
  ) {
    const k = this.k;
    for (let lane = 0; lane < LANES; lane++) {
      if (((mask >>> lane) & 1) === 0) continue;
      const address = place.addresses[lane];
      const array = place.array;
      const who = `lane ${lane} of warp ${k.warp} (thread ${k.warp * LANES + lane})`;
      if (address % bytes !== 0)
        refuse(
          at,
          `${who} ${writes ? 'writes' : 'reads'} ${bytes} bytes at byte ${address} of shared memory, which is not ${bytes}-byte aligned: the GPU faults on a misaligned address`,
        );
      const holder = array ?? this.arrays.find((a) => address >= a.base && address < a.base + a.bytes);
      if (!holder || address < holder.base || address + bytes > holder.base + holder.bytes)
        refuse(
          at,
          holder
            ? `${who} reaches bytes ${address}–${address + bytes - 1}, outside ${holder.name} (bytes ${holder.base}–${holder.base + holder.bytes - 1} of shared memory)`
            : `${who} names byte ${address} of shared memory, which no __shared__ array holds`,
        );
      addresses[lane] = address;
    }
  }

  /** The loop variables' values now, for the lanes of `mask`. */
  private snapshotLoops(mask: Mask): LoopValues[] {
    // Instructions of one iteration share one snapshot: it is made again only when a loop
    // variable's value (an immutable record) or the iteration changed.
    const loops = this.k.loops;
    let last = this.last;
    let same = last !== null && last.length === loops.length;
    for (let i = 0; i < loops.length; i++) {
      const loop = loops[i];
      const bindings = (loop.bindings ??= loop.statement.variables.map((name) => this.k.scope.lookup(name)));
      const cached = loop.snapshot;
      let fresh = cached !== null && cached.mask === mask && cached.iteration === loop.iteration;
      for (let b = 0; fresh && b < bindings.length; b++) if (valueOf(bindings[b]) !== cached!.seen[b]) fresh = false;
      if (!fresh) loop.snapshot = this.takeSnapshot(loop, bindings, mask);
      if (last && last[i] !== loop.snapshot!.values) same = false;
    }
    if (!same || !last)
      this.last = last = this.oneWarp() ? loops.map((loop) => loop.snapshot!.values) : this.listOf(loops);
    return last;
  }

  /** Whether the block is one warp: then no loop values are kept for another warp to share. */
  private oneWarp(): boolean {
    const { x, y, z } = this.k.launch.block;
    return x * y * z <= LANES;
  }

  /** The loops' current values as one list, shared with every instruction (of any warp) that saw the same. */
  private listOf(loops: readonly LoopFrame[]): LoopValues[] {
    if (loops.length === 0) return [];
    let node: ListNode | undefined;
    let next = this.lists;
    for (const loop of loops) {
      const values = loop.snapshot!.values;
      node = next.get(values);
      if (!node) {
        if (this.kept >= MAX_KEPT) return loops.map((loop) => loop.snapshot!.values);
        next.set(values, (node = { list: null, next: null }));
        this.kept++;
      }
      next = node.next ??= new Map();
    }
    return (node!.list ??= loops.map((loop) => loop.snapshot!.values));
  }

  /** A loop's variables now, for the lanes of `mask`; the values made by an earlier warp when they are the same. */
  private takeSnapshot(loop: LoopFrame, bindings: LoopFrame['bindings'] & object, mask: Mask): LoopFrame['snapshot'] {
    const seen: unknown[] = [];
    // Each variable's value: a number, null where its lanes differ, undefined where it is not an integer.
    const uniform: (number | null | undefined)[] = [];
    for (let i = 0; i < bindings.length; i++) {
      const value = valueOf(bindings[i]);
      seen.push(value);
      uniform.push(value?.kind === 'int' ? getUniform(value, mask) : undefined);
    }
    if (this.oneWarp()) return { mask, iteration: loop.iteration, seen, values: makeValues(loop, uniform) };
    let byIteration = this.loopValues.get(loop.statement);
    if (!byIteration) this.loopValues.set(loop.statement, (byIteration = []));
    const candidates = byIteration[loop.iteration] ?? (this.kept < MAX_KEPT ? (byIteration[loop.iteration] = []) : []);
    let values: LoopValues | null = null;
    for (const candidate of candidates)
      if (sameValues(candidate.uniform, uniform)) {
        values = candidate.values;
        break;
      }
    if (!values) {
      values = makeValues(loop, uniform);
      if (this.kept < MAX_KEPT) {
        candidates.push({ uniform, values });
        this.kept++;
      }
    }
    return { mask, iteration: loop.iteration, seen, values };
  }

  private refuseBudget(at: SourcePosition, outOfSteps: boolean): never {
    const loops = this.k.loops;
    const args = this.k.launch.args;
    // The outermost loop whose condition names a parameter given a value: its trip count is what
    // made the run this long. Without one, the innermost loop (the one that does not end).
    let named: { loop: LoopFrame; name: string } | null = null;
    for (const loop of loops) {
      const name = loop.statement.test ? findName(loop.statement.test, (n) => n in args) : null;
      if (name) {
        named = { loop, name };
        break;
      }
    }
    const loop = named?.loop ?? loops[loops.length - 1];
    const { steps, ms } = this.budget;
    const limit = `the step budget of ${groupDigits(steps)} steps (statements and loop rounds of every warp) or ${ms / 1000} s, whichever comes first (here the ${outOfSteps ? 'steps' : 'time'})`;
    const advice = named
      ? `its trip count comes from ${named.name}=${groupDigits(Number(args[named.name]))}: give it a smaller value to check the pattern (--arg ${named.name}=…)`
      : 'if it should end, check its condition; if the kernel is this long, give the loop smaller bounds';
    refuse(loop ? loop.statement.at : at, `this ${loop ? 'loop' : 'kernel'} ran past ${limit}: ${advice}`);
  }
}

/** Loop values made once, with the values they were made of. */
interface KeptValues {
  readonly uniform: readonly (number | null | undefined)[];
  readonly values: LoopValues;
}

/** A loop's values as the report keeps them: its integer variables by name. */
function makeValues(loop: LoopFrame, uniform: readonly (number | null | undefined)[]): LoopValues {
  const names = loop.statement.variables;
  const byName: Record<string, number | null> = {};
  for (let i = 0; i < uniform.length; i++) if (uniform[i] !== undefined) byName[names[i]] = uniform[i]!;
  return { line: loop.statement.at.line, iteration: loop.iteration, values: byName };
}

function sameValues(a: readonly (number | null | undefined)[], b: readonly (number | null | undefined)[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A step of the tree of loop-value lists: the list that ends here, and those that go on. */
interface ListNode {
  list: LoopValues[] | null;
  next: Map<LoopValues, ListNode> | null;
}

/** The first name in `e` that `wanted` accepts, left to right. */
function findName(e: Expression, wanted: (name: string) => boolean): string | null {
  if (e.kind === 'name') return wanted(e.name) ? e.name : null;
  for (const child of Object.values(e))
    if (child && typeof child === 'object' && 'kind' in child && 'at' in child) {
      const found = findName(child as Expression, wanted);
      if (found) return found;
    }
  return null;
}

/** A loop variable's value (an array or a reference has none of its own). */
const valueOf = (binding: Binding | null) => (binding?.kind === 'variable' ? binding.value : undefined);
