import { DEFAULT_BANK_MODEL, groupDigits, type BankConflict, type ConflictGroup } from '../engine';

const wavefronts = (n: number) => `${groupDigits(n)} wavefront${n === 1 ? '' : 's'}`;

/**
 * Whole numbers in a few words: runs as ranges ("0–15"), an even spread by its ends ("0, 2, … 30"),
 * anything else by its first runs.
 */
export function describeNumbers(values: readonly number[]): string {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  if (sorted.length === 0) return 'none';
  const runs: [number, number][] = [];
  for (const v of sorted) {
    const last = runs.at(-1);
    if (last && v === last[1] + 1) last[1] = v;
    else runs.push([v, v]);
  }
  const run = ([a, b]: [number, number]) => (a === b ? String(a) : b === a + 1 ? `${a}, ${b}` : `${a}–${b}`);
  if (runs.length <= 4) return runs.map(run).join(', ');
  const step = sorted[1] - sorted[0];
  if (sorted.every((v, i) => i === 0 || v - sorted[i - 1] === step))
    return `${sorted[0]}, ${sorted[1]}, … ${sorted.at(-1)}`;
  return `${runs.slice(0, 2).map(run).join(', ')} … ${sorted.at(-1)}`;
}

/** Items joined as a sentence lists them: "a", "a and b", "a, b and c"; more than three by their ends. */
const listOf = (items: readonly string[]) =>
  items.length <= 2
    ? items.join(' and ')
    : items.length === 3
      ? `${items[0]}, ${items[1]} and ${items[2]}`
      : `${items[0]}, ${items[1]} … ${items.at(-1)}`;

/**
 * The threads of the groups in a few words: the one `threadIdx` component each group holds at one
 * value ("threadIdx.y 0 and 1"), else the component whose values tell the groups apart.
 */
function describeThreads(groups: readonly ConflictGroup[]): string | null {
  const axes = ['x', 'y', 'z'] as const;
  const valuesOf = (group: ConflictGroup, axis: (typeof axes)[number]) =>
    [...new Set(group.threads.flatMap((t) => (t ? [t[axis]] : [])))].sort((a, b) => a - b);
  for (const axis of axes) {
    const values = groups.map((g) => valuesOf(g, axis));
    if (values.every((v) => v.length === 1) && new Set(values.map((v) => v[0])).size === groups.length)
      return `threadIdx.${axis} ${listOf(values.map((v) => String(v[0])))}`;
  }
  const moving = axes.filter((axis) => new Set(groups.flatMap((g) => valuesOf(g, axis))).size > 1);
  if (moving.length !== 1) return null;
  return `threadIdx.${moving[0]} ${listOf(groups.map((g) => describeNumbers(valuesOf(g, moving[0]))))}`;
}

/**
 * A conflict in one line, in CUDA's and Nsight Compute's words: "2-way bank conflict: lanes 0–15
 * and 16–31 (threadIdx.y 0 and 1) ask banks 8–23 for words 160 apart (160 = 5 × 32: one bank);
 * 2 wavefronts where 1 would do."
 */
export function describeConflict(conflict: BankConflict): string {
  const { ways, groups, bank, stride, words } = conflict;
  if (ways <= 1 || bank === null) {
    const cost = `${wavefronts(conflict.wavefronts)}, the ideal`;
    return ways === 0 ? 'No lane asks for anything.' : `No bank conflict: each bank serves one word a round (${cost}).`;
  }
  const phase =
    conflict.activePhases > 1 && conflict.phase
      ? ` in phase ${conflict.phase.ordinal} of ${conflict.activePhases} (lanes ${conflict.phase.firstLane}–${conflict.phase.lastLane})`
      : '';
  const single = groups.every((g) => g.lanes.length === 1);
  const threads = describeThreads(groups);
  const lanes = `lanes ${listOf(groups.map((g) => describeNumbers(g.lanes)))}${threads ? ` (${threads})` : ''}${
    single && groups.length > 2 ? ', one a wavefront,' : ''
  }`;
  const banks = [...new Set(groups.flatMap((g) => g.banks))];
  const asked = banks.length === 1 ? `bank ${banks[0]}` : `banks ${describeNumbers(banks)}`;
  const count = DEFAULT_BANK_MODEL.banks;
  const apart =
    stride !== null
      ? `words ${groupDigits(stride)} apart (${groupDigits(stride)} = ${groupDigits(stride / count)} × ${count}: the same bank)`
      : `words ${listOf(words.map(groupDigits))} (all in bank ${bank})`;
  const cost = `${wavefronts(conflict.wavefronts)} where ${groupDigits(conflict.idealWavefronts)} would do`;
  return `${ways}-way bank conflict${phase}: ${lanes} ask ${asked} for ${apart}; ${cost}.`;
}
