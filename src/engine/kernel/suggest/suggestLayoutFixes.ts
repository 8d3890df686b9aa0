import { ELEMENT_BYTES } from '../../elementTypes';
import { analyzeKernel } from '../analyzeKernel';
import { getInstruction } from '../kernelInstructions';
import { LANES } from '../laneMask';
import type { KernelLaunch, KernelReport, SharedArrayPlacement } from '../kernelReport';
import { prepareCudaSource } from '../prepareCudaSource';
import type { KernelParse } from '../syntaxNode';
import { findArrayUses, type ArrayUses, type SourceEdit } from './findArrayUses';
import { applySourceEdits, makeLayoutCandidates, type LayoutCandidate } from './makeLayoutCandidates';
import { describeNoFix, type NoLayoutFix } from './describeNoFix';

/** Whole-kernel analyses the search makes at most, beside the first: each is a full run of the kernel. */
export const MAX_FIX_ANALYSES = 24;

/** A layout change proved on the whole kernel: its edits, the source they make, and that source's report. */
export interface LayoutFix extends LayoutCandidate {
  /** The candidate's title with its cost and effect: `pad tile by 1 float (128 bytes): 992 → 0 excess`. */
  readonly summary: string;
  readonly bytesAdded: number;
  readonly before: number;
  readonly after: number;
  readonly source: string;
  readonly report: KernelReport;
}

/** A candidate the whole kernel refused or that lowered nothing. */
export interface RejectedLayout {
  readonly array: string;
  readonly title: string;
  /** The refusal (`line:column: message`), or the excess it left. */
  readonly why: string;
}

export interface LayoutFixes {
  /** The source's own total excess, which each fix lowers. */
  readonly excess: number;
  /** The fixes that lower the total excess with no refusal: the least excess first, then the fewest bytes added. */
  readonly fixes: readonly LayoutFix[];
  readonly rejected: readonly RejectedLayout[];
  /** Arrays for which nothing helps, and why, in words. */
  readonly none: readonly NoLayoutFix[];
  /** Whole-kernel analyses made for the candidates. */
  readonly analyses: number;
  /** Candidates left untried when the search reached {@link MAX_FIX_ANALYSES}. */
  readonly untried: number;
}

export interface SuggestOptions {
  readonly maxAnalyses?: number;
}

/** Which array an address pattern's lanes address: the one holding its first active lane's byte. */
function getPatternArray(report: KernelReport, pattern: number): SharedArrayPlacement | null {
  const { addresses } = report.instructions.patterns;
  let address = -1;
  for (let lane = 0; lane < LANES && address < 0; lane++) address = addresses[pattern * LANES + lane];
  if (address < 0) return null;
  return report.arrays.find((a) => address >= a.base && address < a.base + a.bytes) ?? null;
}

/** Excess and the widest access, per array: what decides which arrays to try and how to pad them. */
function getArrayCosts(report: KernelReport) {
  const table = report.instructions;
  const { rounds, ideal } = table.patterns;
  // Read from the report's columns, each pattern's array found once; the worst made as an object at the end.
  const arrays = new Map<number, SharedArrayPlacement | null>();
  const costs = new Map<SharedArrayPlacement, { excess: number; widest: number; worst: number; worstExcess: number }>();
  for (let i = 0; i < table.count; i++) {
    const p = table.pattern[i];
    let array = arrays.get(p);
    if (array === undefined) arrays.set(p, (array = getPatternArray(report, p)));
    if (!array) continue;
    const cost = costs.get(array) ?? { excess: 0, widest: 0, worst: -1, worstExcess: 0 };
    const excess = rounds[p] - ideal[p];
    cost.excess += excess;
    cost.widest = Math.max(cost.widest, ELEMENT_BYTES[table.sites[table.site[i]].type]);
    if (excess > cost.worstExcess) {
      cost.worstExcess = excess;
      cost.worst = i;
    }
    costs.set(array, cost);
  }
  return new Map(
    [...costs].map(([array, { excess, widest, worst }]) => [
      array,
      { excess, widest, worst: worst < 0 ? null : getInstruction(table, worst) },
    ]),
  );
}

const totalBytes = (report: KernelReport) => report.arrays.reduce((sum, a) => sum + a.bytes, 0);
const groupDigits = (n: number) => n.toLocaleString('en-US');

/**
 * The layout changes that lower a kernel's bank conflicts, each proved by analysing the whole
 * edited kernel again: for each array whose instructions have excess (the most first), padding
 * its rows by 1 to 8 elements (and 16 or 32 bytes where a wider access needs alignment) and an
 * XOR swizzle; kept where the total excess falls and nothing is refused (a misaligned access, a
 * subscript out of bounds, shared memory over its limit).
 *
 * @remarks
 * Declarations and subscripts are found in the parser's syntax tree, never by patterns over the
 * text. The search makes at most `maxAnalyses` analyses ({@link MAX_FIX_ANALYSES}) and says how many
 * candidates it left untried. `report` is the source's own analysis under `launch`.
 */
export function suggestLayoutFixes(
  source: string,
  launch: KernelLaunch,
  report: KernelReport,
  parse: KernelParse,
  options: SuggestOptions = {},
): LayoutFixes {
  const budget = options.maxAnalyses ?? MAX_FIX_ANALYSES;
  const tree = parse(prepareCudaSource(source));
  let uses: ArrayUses[];
  try {
    uses = findArrayUses(tree.rootNode);
  } finally {
    tree.delete?.();
  }
  const costs = getArrayCosts(report);
  const fixes: LayoutFix[] = [];
  const rejected: RejectedLayout[] = [];
  const none: NoLayoutFix[] = [];
  let analyses = 0;
  let untried = 0;
  const bytes = totalBytes(report);
  const arrays = [...costs].filter(([, c]) => c.excess > 0).sort((a, b) => b[1].excess - a[1].excess);
  for (const [placement, cost] of arrays) {
    const found = uses.find((u) => u.name === placement.name && u.line === placement.line);
    const candidates = found ? makeLayoutCandidates(found, placement, cost.widest, source) : [];
    const kept = fixes.length;
    const refused = rejected.length;
    let solved = false;
    for (const candidate of candidates) {
      // A longer pad than one that left no excess could only cost more bytes for the same count.
      if (solved && candidate.kind === 'pad') continue;
      if (analyses >= budget) {
        untried++;
        continue;
      }
      analyses++;
      const fix = tryCandidate(source, launch, report, parse, candidate, bytes);
      if ('why' in fix) rejected.push(fix);
      else {
        fixes.push(fix);
        // This array's own excess gone: what is left is the other arrays'.
        solved ||= fix.after <= report.total.excess - cost.excess;
      }
    }
    if (fixes.length === kept && analyses < budget)
      none.push(describeNoFix(report, placement, found ?? null, cost.worst, rejected.slice(refused)));
  }
  for (const [placement, cost] of costs)
    if (cost.excess === 0) {
      const free = describeNoFix(report, placement, null, null, []);
      if (free.kind === 'broadcast') none.push(free);
    }
  const best = getBestByArray(fixes);
  if (best.length > 1) {
    // Each array's best fix alone leaves the others' excess: together, proved like any other.
    const together: LayoutCandidate = {
      array: best.map((f) => f.array).join(', '),
      kind: 'combined',
      pad: 0,
      title: best.map((f) => f.title).join(' and '),
      edits: best.flatMap((f) => f.edits),
    };
    if (analyses < budget) {
      analyses++;
      const fix = tryCandidate(source, launch, report, parse, together, bytes);
      if ('why' in fix) rejected.push(fix);
      else fixes.push(fix);
    } else untried++;
  }
  const kept = fixes.filter((f) => !isDominated(f, fixes));
  kept.sort(byExcessThenBytes);
  return { excess: report.total.excess, fixes: kept, rejected, none, analyses, untried };
}

const byExcessThenBytes = (a: LayoutFix, b: LayoutFix) => a.after - b.after || a.bytesAdded - b.bytesAdded;

/** A pad of an array that another pad of it beats: no more excess left, no more bytes, and one of them less. */
const isDominated = (fix: LayoutFix, fixes: readonly LayoutFix[]) =>
  fixes.some(
    (other) =>
      other !== fix &&
      other.kind === fix.kind &&
      other.array === fix.array &&
      other.after <= fix.after &&
      other.bytesAdded <= fix.bytesAdded &&
      (other.after < fix.after || other.bytesAdded < fix.bytesAdded),
  );

/** Each array's best fix (the least excess, then the fewest bytes), for arrays with one. */
function getBestByArray(fixes: readonly LayoutFix[]): LayoutFix[] {
  const best = new Map<string, LayoutFix>();
  for (const fix of [...fixes].sort(byExcessThenBytes)) if (!best.has(fix.array)) best.set(fix.array, fix);
  return [...best.values()];
}

function tryCandidate(
  source: string,
  launch: KernelLaunch,
  report: KernelReport,
  parse: KernelParse,
  candidate: LayoutCandidate,
  bytes: number,
): LayoutFix | RejectedLayout {
  const edited = applySourceEdits(source, candidate.edits);
  const result = analyzeKernel(edited, launch, parse);
  const { array, title } = candidate;
  if (!result.ok) {
    const e = result.errors[0];
    return { array, title, why: `refused: ${e.line}:${e.column}: ${e.message}` };
  }
  const before = report.total.excess;
  const after = result.report.total.excess;
  if (after >= before) return { array, title, why: `leaves ${groupDigits(after)} excess (was ${groupDigits(before)})` };
  const bytesAdded = totalBytes(result.report) - bytes;
  const cost = bytesAdded > 0 ? ` (${groupDigits(bytesAdded)} bytes)` : '';
  const summary = `${title}${cost}: ${groupDigits(before)} → ${groupDigits(after)} excess`;
  return { ...candidate, summary, bytesAdded, before, after, source: edited, report: result.report };
}

export type { SourceEdit, NoLayoutFix };
