import { getOperation, type OperationDefinition, type Operation } from '../operations';
import { groupDigits } from '../groupDigits';
import { AddressPatterns } from './AddressPatterns';
import type { InstructionForm } from './instructionForms';
import { refuse } from './kernelError';
import type { KernelInterpreter, LoopFrame } from './kernelInterpreter';
import { InstructionColumns } from './InstructionColumns';
import type { InstructionSite, KernelInstructions, SharedArrayPlacement } from './kernelReport';
import { LoopSnapshots } from './LoopSnapshots';
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
  /** The values of the loops around each instruction. */
  private readonly loops: LoopSnapshots;
  private readonly costs = new Map<InstructionForm, FormCost>();
  private readonly patterns = new AddressPatterns();
  /** The lanes of the instruction being recorded, before they are found among the patterns. */
  private readonly lanes = new Int32Array(LANES);
  private readonly deadline: number;
  /**
   * Each place's last lanes checked and counted, and its site: a place is immutable and the
   * compiled subscripts give the same one for the same address, so `As[ty][k]` of every round is
   * checked once.
   */
  private readonly recorded = new WeakMap<Place, Recorded>();

  constructor(
    private readonly k: KernelInterpreter,
    private readonly arrays: readonly SharedArrayPlacement[],
    private readonly budget: StepBudget,
  ) {
    this.deadline = performance.now() + budget.ms;
    const { x, y, z } = k.launch.block;
    this.loops = new LoopSnapshots(k, x * y * z <= LANES);
  }

  /** Records one shared access of `place` by the lanes of `mask`, made at `at`; refuses one outside its array. */
  record(place: Place, form: InstructionForm, mask: Mask, at: SourcePosition) {
    if (mask === 0) return;
    const k = this.k;
    k.dataBranch?.();
    const outer = k.frames.length > 1 ? k.frames[1].callAt : null;
    let known = this.recorded.get(place);
    if (!known || known.mask !== mask || known.form !== form) known = this.check(place, form, mask, at, outer);
    const site = known.at === at && known.outer === outer ? known.site : this.getSite(at, outer, form);
    this.columns.push(site, k.warp, known.pattern, this.loops.take(mask));
  }

  /** The run's instructions in columns, with their sites, patterns and lists of loop values (each call a copy). */
  getInstructions(): KernelInstructions {
    const { sites, patterns, loops } = this;
    return this.columns.getTable({ sites, patterns: patterns.getTable(), lists: loops.lists });
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
  private check(
    place: Place,
    form: InstructionForm,
    mask: Mask,
    at: SourcePosition,
    outer: SourcePosition | null,
  ): Recorded {
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
    const pattern = this.patterns.find(lanes, form, bytes, operation, at).id;
    const recorded = { mask, form, pattern, at, outer, site: this.getSite(at, outer, form) };
    this.recorded.set(place, recorded);
    return recorded;
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

/** A place's last access recorded: its mask and form, its pattern's number, and its site. */
interface Recorded {
  readonly mask: Mask;
  readonly form: InstructionForm;
  readonly pattern: number;
  readonly at: SourcePosition;
  readonly outer: SourcePosition | null;
  readonly site: number;
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
