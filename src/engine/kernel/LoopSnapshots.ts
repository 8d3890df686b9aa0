import { getUniform, type Binding, type KernelInterpreter, type LoopFrame } from './kernelInterpreter';
import type { LoopValues } from './kernelReport';
import type { Mask } from './laneMask';

/**
 * Loop values kept for other warps before no more are kept: a warp whose loop never ends makes new
 * ones at every round, which no other warp will share.
 */
const MAX_VALUES = 1 << 14;

/**
 * Steps of the tree of lists kept before no more are: lists of kept values only, so a loop that
 * never ends adds none past {@link MAX_VALUES}; an SGEMM block's 8 × 8 inner rounds of 4,096 / 8
 * outer ones are 33,000 lists, which its eight warps share.
 */
const MAX_NODES = 1 << 17;

/** A loop's variables' values: a number, `null` where its lanes differ, `undefined` where it is not an integer. */
type Uniform = (number | null | undefined)[];

/** Loop values made once, with the values they were made of. */
interface KeptValues {
  readonly uniform: Uniform;
  readonly values: LoopValues;
}

/** A step of the tree of loop-value lists: the number of the list that ends here (-1: none yet), and those that go on. */
interface ListNode {
  list: number;
  next: Map<LoopValues, ListNode> | null;
}

/** What a loop's snapshot holds before its first values are made. */
const NO_VALUES: LoopValues = { line: 0, iteration: 0, values: {} };

/**
 * The values of the loops around each instruction of a run, as numbered lists of `LoopValues`.
 *
 * @remarks
 * Instructions of one iteration share one list, and warps go round the same loops with the same
 * values: a loop's values are made again only when one of its variables (an immutable record) or
 * its iteration changed, and are then looked for among those an earlier warp made (by loop,
 * iteration and values) before anything is allocated; a list is found in a tree of lists by its
 * entries, from the first loop whose values changed. At most {@link MAX_VALUES} values and
 * {@link MAX_NODES} steps of lists are kept for sharing, and none in a one-warp block.
 */
export class LoopSnapshots {
  /** Every list an instruction saw, by number; the first is no loop at all. */
  readonly lists: (readonly LoopValues[])[] = [[]];
  private last: readonly LoopValues[] | null = null;
  private lastList = 0;
  /** Loop values made before, by loop and then by iteration and values. */
  private readonly kept = new Map<LoopFrame['statement'], KeptValues[][]>();
  /** The last loop looked up in {@link kept}, and its values: most new values are the same loop's as the last. */
  private keptFor: { statement: LoopFrame['statement'] | null; byIteration: KeptValues[][] } = {
    statement: null,
    byIteration: [],
  };
  /** Lists of loop values made before, by their entries (the outermost first). */
  private readonly tree = new Map<LoopValues, ListNode>();
  /** The tree's nodes of the last list's entries, the first {@link known} of them valid. */
  private readonly nodes: ListNode[] = [];
  private known = 0;
  private values = 0;
  private steps = 0;
  /** The values of the loop being snapshot, before they are found among those kept. */
  private uniform: Uniform = [];

  constructor(
    private readonly k: KernelInterpreter,
    private readonly oneWarp: boolean,
  ) {}

  /** The number of the list of the loops' values now, for the lanes of `mask`. */
  take(mask: Mask): number {
    const loops = this.k.loops;
    const last = this.last;
    // The first loop whose values are not the last list's; whether every loop's are kept for sharing.
    let first = -1;
    let shared = !this.oneWarp;
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
      const values = fresh ? snapshot!.values : this.snapshot(loop, mask);
      if (first < 0 && (last === null || last[i] !== values)) first = i;
      shared &&= loop.snapshot!.shared;
    }
    if (first < 0) {
      if (last !== null && last.length === loops.length) return this.lastList;
      first = loops.length;
    }
    if (loops.length === 0) {
      this.last = this.lists[0];
      return (this.lastList = 0);
    }
    const list = shared ? this.listOf(loops, first) : null;
    if (!shared) this.known = 0;
    this.last = list !== null ? this.lists[list] : this.addList(loops);
    return (this.lastList = list ?? this.lists.length - 1);
  }

  /** The loops' current values as a new list. */
  private addList(loops: readonly LoopFrame[]): readonly LoopValues[] {
    const list = loops.map((loop) => loop.snapshot!.values);
    this.lists.push(list);
    return list;
  }

  /**
   * The number of the loops' current values as one list, shared with every instruction (of any
   * warp) that saw the same, found from loop `from` on (those before it are the last list's);
   * `null` past the lists kept.
   */
  private listOf(loops: readonly LoopFrame[], from: number): number | null {
    const start = Math.min(from, this.known);
    for (let d = start; d < loops.length; d++) {
      const next = d === 0 ? this.tree : (this.nodes[d - 1].next ??= new Map());
      const values = loops[d].snapshot!.values;
      let node = next.get(values);
      if (!node) {
        if (this.steps >= MAX_NODES) {
          this.known = d;
          return null;
        }
        next.set(values, (node = { list: -1, next: null }));
        this.steps++;
      }
      this.nodes[d] = node;
    }
    this.known = loops.length;
    const node = this.nodes[loops.length - 1];
    if (node.list < 0) {
      this.addList(loops);
      node.list = this.lists.length - 1;
    }
    return node.list;
  }

  /**
   * A loop's variables now, for the lanes of `mask`, kept in its snapshot (made once a loop frame,
   * then changed in place): the values made by an earlier warp when they are the same.
   */
  private snapshot(loop: LoopFrame, mask: Mask): LoopValues {
    const bindings = (loop.bindings ??= loop.statement.variables.map((name) => this.k.scope.lookup(name)));
    const snapshot = (loop.snapshot ??= {
      mask,
      iteration: 0,
      seen: new Array(bindings.length),
      values: NO_VALUES,
      shared: false,
    });
    snapshot.mask = mask;
    snapshot.iteration = loop.iteration;
    if (this.uniform.length !== bindings.length) this.uniform = new Array(bindings.length);
    const uniform = this.uniform;
    for (let i = 0; i < bindings.length; i++) {
      const value = valueOf(bindings[i]);
      snapshot.seen[i] = value;
      uniform[i] = value?.kind === 'int' ? getUniform(value, mask) : undefined;
    }
    snapshot.shared = false;
    if (this.oneWarp) return (snapshot.values = makeValues(loop, uniform));
    let { statement, byIteration } = this.keptFor;
    if (statement !== loop.statement) {
      statement = loop.statement;
      byIteration = this.kept.get(statement)!;
      if (!byIteration) this.kept.set(statement, (byIteration = []));
      this.keptFor = { statement, byIteration };
    }
    const candidates =
      byIteration[loop.iteration] ?? (this.values < MAX_VALUES ? (byIteration[loop.iteration] = []) : []);
    snapshot.shared = true;
    for (let c = 0; c < candidates.length; c++)
      if (sameValues(candidates[c].uniform, uniform)) return (snapshot.values = candidates[c].values);
    const values = makeValues(loop, uniform);
    if (this.values < MAX_VALUES) {
      candidates.push({ uniform: uniform.slice(), values });
      this.values++;
    } else snapshot.shared = false;
    return (snapshot.values = values);
  }
}

/** A loop's values as the report keeps them: its integer variables by name. */
function makeValues(loop: LoopFrame, uniform: Uniform): LoopValues {
  const names = loop.statement.variables;
  const byName: Record<string, number | null> = {};
  for (let i = 0; i < uniform.length; i++) if (uniform[i] !== undefined) byName[names[i]] = uniform[i]!;
  return { line: loop.statement.at.line, iteration: loop.iteration, values: byName };
}

function sameValues(a: Uniform, b: Uniform): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A loop variable's value (an array or a reference has none of its own). */
const valueOf = (binding: Binding | null) => (binding?.kind === 'variable' ? binding.value : undefined);
