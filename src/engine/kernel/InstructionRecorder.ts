import { getOperation, type OperationDefinition, type Operation } from '../operations';
import { groupDigits } from '../groupDigits';
import { AddressPatterns, type CountedPattern } from './AddressPatterns';
import type { InstructionForm } from './instructionForms';
import { refuse } from './kernelError';
import { getUniform, type Binding, type KernelInterpreter, type LoopFrame } from './kernelInterpreter';
import { InstructionColumns } from './InstructionColumns';
import type { InstructionSite, KernelInstructions, LoopValues, SharedArrayPlacement } from './kernelReport';
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
  steps = 0;
  private readonly columns = new InstructionColumns();
  /** The places in the source that made instructions, by their position, and where its call was made from. */
  private readonly sites: InstructionSite[] = [];
  private readonly siteIds = new Map<
    SourcePosition,
    { outer: SourcePosition | null; form: InstructionForm; id: number }[]
  >();
  /** The lists of loop values instructions saw; the first is no loop at all. */
  private readonly lists: (readonly LoopValues[])[] = [[]];
  private lastList = 0;
  private readonly costs = new Map<InstructionForm, FormCost>();
  private readonly patterns = new AddressPatterns();
  /** The lanes of the instruction being recorded, before they are found among the patterns. */
  private readonly lanes = new Int32Array(LANES);
  private readonly deadline: number;
  private last: readonly LoopValues[] | null = null;
  /**
   * Each place's last lanes checked and counted: a place is immutable and the compiled subscripts
   * give the same one for the same address, so `As[ty][k]` of every round is checked once.
   */
  private readonly recorded = new WeakMap<Place, { mask: Mask; pattern: CountedPattern }>();
  /** Loop values made before, by loop and then by iteration and values: every warp goes round the same loops. */
  private readonly loopValues = new Map<LoopFrame['statement'], KeptValues[][]>();
  /** Lists of loop values made before, by their entries (the outermost first). */
  private readonly listTree = new Map<LoopValues, ListNode>();
  /** Loop values and lists kept for sharing so far. */
  private kept = 0;
  /** Whether the block is one warp: then no loop values are kept for another warp to share. */
  private readonly oneWarp: boolean;
  /** The values of the loop being snapshot, before they are found among those kept. */
  private readonly uniform: (number | null | undefined)[] = [];

  constructor(
    private readonly k: KernelInterpreter,
    private readonly arrays: readonly SharedArrayPlacement[],
    private readonly budget: StepBudget,
  ) {
    this.deadline = performance.now() + budget.ms;
    const { x, y, z } = k.launch.block;
    this.oneWarp = x * y * z <= LANES;
  }

  /** Records one shared access of `place` by the lanes of `mask`, made at `at`; refuses one outside its array. */
  record(place: Place, form: InstructionForm, mask: Mask, at: SourcePosition) {
    if (mask === 0) return;
    this.k.dataBranch?.();
    const known = this.recorded.get(place);
    const counted =
      known && known.mask === mask && known.pattern.form === form ? known.pattern : this.check(place, form, mask, at);
    const k = this.k;
    const outer = k.frames.length > 1 ? k.frames[1].callAt : null;
    this.columns.push(this.getSite(at, outer, form), k.warp, counted.id, this.snapshotLoops(mask));
  }

  /** The run's instructions in columns, with their sites, patterns and lists of loop values. */
  get instructions(): KernelInstructions {
    return this.columns.getTable({ sites: this.sites, patterns: this.patterns.getTable(), lists: this.lists });
  }

  /** The number of the site of an access at `at` of `form`, in a call made at `outer` (`null`: in the kernel). */
  private getSite(at: SourcePosition, outer: SourcePosition | null, form: InstructionForm): number {
    let known = this.siteIds.get(at);
    if (!known) this.siteIds.set(at, (known = []));
    for (const site of known) if (site.outer === outer && site.form === form) return site.id;
    const id = this.sites.length;
    this.sites.push({
      line: outer ? outer.line : at.line,
      inner: outer ? at.line : null,
      column: outer ? outer.column : at.column,
      op: form.op,
      type: form.type,
      matrices: form.matrices,
      form: form.form,
    });
    known.push({ outer, form, id });
    return id;
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
    const pattern = this.patterns.find(lanes, form, bytes, operation, at);
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

  /** The loop variables' values now, for the lanes of `mask`: the number of their list. */
  private snapshotLoops(mask: Mask): number {
    // Instructions of one iteration share one snapshot: it is made again only when a loop
    // variable's value (an immutable record) or the iteration changed.
    const loops = this.k.loops;
    const last = this.last;
    let same = last !== null && last.length === loops.length;
    for (let i = 0; i < loops.length; i++) {
      const loop = loops[i];
      const snapshot = loop.snapshot;
      let fresh = snapshot !== null && snapshot.mask === mask && snapshot.iteration === loop.iteration;
      if (fresh) {
        const { bindings } = loop;
        const seen = snapshot!.seen;
        for (let b = 0; b < seen.length; b++)
          if (valueOf(bindings![b]) !== seen[b]) {
            fresh = false;
            break;
          }
      }
      const values = fresh ? snapshot!.values : this.takeSnapshot(loop, mask);
      if (same && last![i] !== values) same = false;
    }
    if (same) return this.lastList;
    if (loops.length === 0) {
      this.last = this.lists[0];
      return (this.lastList = 0);
    }
    const list = this.oneWarp ? null : this.listOf(loops);
    this.last = list !== null ? this.lists[list] : this.addList(loops);
    return (this.lastList = list ?? this.lists.length - 1);
  }

  /** The loops' current values as a new list of the report. */
  private addList(loops: readonly LoopFrame[]): readonly LoopValues[] {
    const list = loops.map((loop) => loop.snapshot!.values);
    this.lists.push(list);
    return list;
  }

  /** The number of the loops' current values as one list, shared with every instruction (of any warp) that saw the same; `null` past the lists kept. */
  private listOf(loops: readonly LoopFrame[]): number | null {
    let node: ListNode | undefined;
    let next = this.listTree;
    for (const loop of loops) {
      const values = loop.snapshot!.values;
      node = next.get(values);
      if (!node) {
        if (this.kept >= MAX_KEPT) return null;
        next.set(values, (node = { list: -1, next: null }));
        this.kept++;
      }
      next = node.next ??= new Map();
    }
    if (node!.list < 0) {
      this.addList(loops);
      node!.list = this.lists.length - 1;
    }
    return node!.list;
  }

  /**
   * A loop's variables now, for the lanes of `mask`, kept in its snapshot (made once a loop frame,
   * then changed in place): the values made by an earlier warp when they are the same.
   */
  private takeSnapshot(loop: LoopFrame, mask: Mask): LoopValues {
    const bindings = (loop.bindings ??= loop.statement.variables.map((name) => this.k.scope.lookup(name)));
    const snapshot = (loop.snapshot ??= { mask, iteration: 0, seen: new Array(bindings.length), values: NO_VALUES });
    snapshot.mask = mask;
    snapshot.iteration = loop.iteration;
    // Each variable's value: a number, null where its lanes differ, undefined where it is not an integer.
    const uniform = this.uniform;
    uniform.length = bindings.length;
    for (let i = 0; i < bindings.length; i++) {
      const value = valueOf(bindings[i]);
      snapshot.seen[i] = value;
      uniform[i] = value?.kind === 'int' ? getUniform(value, mask) : undefined;
    }
    if (this.oneWarp) return (snapshot.values = makeValues(loop, uniform));
    let byIteration = this.loopValues.get(loop.statement);
    if (!byIteration) this.loopValues.set(loop.statement, (byIteration = []));
    const candidates = byIteration[loop.iteration] ?? (this.kept < MAX_KEPT ? (byIteration[loop.iteration] = []) : []);
    for (const candidate of candidates)
      if (sameValues(candidate.uniform, uniform)) return (snapshot.values = candidate.values);
    const values = makeValues(loop, uniform);
    if (this.kept < MAX_KEPT) {
      candidates.push({ uniform: uniform.slice(), values });
      this.kept++;
    }
    return (snapshot.values = values);
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

/** What a loop's snapshot holds before its first values are made. */
const NO_VALUES: LoopValues = { line: 0, iteration: 0, values: {} };

function sameValues(a: readonly (number | null | undefined)[], b: readonly (number | null | undefined)[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A step of the tree of loop-value lists: the number of the list that ends here (-1: none yet), and those that go on. */
interface ListNode {
  list: number;
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
