import { getInstruction } from '../kernelInstructions';
import { LANES } from '../laneMask';
import type { KernelInstruction, KernelReport, SharedArrayPlacement } from '../kernelReport';
import { getAccessLine } from '../kernelRows';
import type { ArrayUses } from './findArrayUses';

/** Why no layout change of an array is proposed, in words a person acts on. */
export interface NoLayoutFix {
  readonly array: string;
  /**
   * `broadcast`: its lanes share words, already free; `pointer`: used through a pointer the check
   * cannot rewrite; `index`: a one-dimensional array whose subscript is the cause; `stride`: lanes
   * in one row, which no padding of rows spreads; `tried`: every candidate refused or no better;
   * `unknown`: no declaration the check can rewrite.
   */
  readonly kind: 'broadcast' | 'pointer' | 'index' | 'stride' | 'tried' | 'unknown';
  /** The line it is about (inside a called function, where the access is written there). */
  readonly line: number;
  readonly reason: string;
}

const sourceOf = (report: KernelReport, line: number) =>
  report.lines.find((l) => getAccessLine(l) === line)?.source ?? `line ${line}`;

const isInArray = (array: SharedArrayPlacement, addresses: Int32Array) => {
  const a = addresses.find((x) => x >= 0);
  return a !== undefined && a >= array.base && a < array.base + array.bytes;
};

/** Lanes some of which read the same word (a broadcast, for a load; a store's such lanes race instead). */
const sharesWords = (addresses: Int32Array) => {
  const active = addresses.filter((a) => a >= 0);
  return new Set(active).size < active.length;
};

/** The first load of `array` whose lanes share words, read from the report's columns (each pattern checked once). */
function findBroadcast(report: KernelReport, array: SharedArrayPlacement): KernelInstruction | null {
  const table = report.instructions;
  const checked = new Map<number, boolean>();
  for (let i = 0; i < table.count; i++) {
    if (table.sites[table.site[i]].op !== 'load') continue;
    const p = table.pattern[i];
    let found = checked.get(p);
    if (found === undefined) {
      const addresses = table.patterns.addresses.subarray(p * LANES, (p + 1) * LANES);
      checked.set(p, (found = isInArray(array, addresses) && sharesWords(addresses)));
    }
    if (found) return getInstruction(table, i);
  }
  return null;
}

/** Whether every active lane of an instruction addresses the same row of a tile. */
function isInOneRow(array: SharedArrayPlacement, instruction: KernelInstruction): boolean {
  if (array.dims.length < 2) return false;
  const rowBytes = array.bytes / array.dims[0] / array.dims.slice(1, -1).reduce((p, d) => p * d, 1);
  const rows = new Set(
    Array.from(
      instruction.addresses.filter((a) => a >= 0),
      (a) => Math.floor((a - array.base) / rowBytes),
    ),
  );
  return rows.size === 1;
}

/**
 * Why none of an array's candidates is a fix: said from what the analysis and the syntax tree
 * found (its uses, its worst instruction's lanes, each candidate's refusal), never guessed.
 */
export function describeNoFix(
  report: KernelReport,
  array: SharedArrayPlacement,
  uses: ArrayUses | null,
  worst: KernelInstruction | null,
  rejected: readonly { readonly title: string; readonly why: string }[],
): NoLayoutFix {
  const name = array.name;
  if (!worst) {
    const shared = findBroadcast(report, array);
    const line = shared ? getAccessLine(shared) : array.line;
    return shared
      ? {
          array: name,
          kind: 'broadcast',
          line,
          reason: `${name}: line ${line}'s lanes share words (a broadcast), which is already served at its ideal: nothing to fix`,
        }
      : { array: name, kind: 'tried', line, reason: `${name}: no instruction has excess` };
  }
  const line = getAccessLine(worst);
  const at = `line ${line} (${sourceOf(report, line)})`;
  if (!uses)
    return {
      array: name,
      kind: 'unknown',
      line,
      reason: `${name}: the check found no declaration of it that it can rewrite`,
    };
  if (uses.pointers.length > 0) {
    const p = uses.pointers[0];
    return {
      array: name,
      kind: 'pointer',
      line: p.line,
      reason: `${name} is used through a pointer or a row at line ${p.line} (${p.text}), which the check cannot follow to rewrite: no layout change of it is proposed`,
    };
  }
  if (uses.dims.length === 1 && uses.pitchMacros.length === 0)
    return {
      array: name,
      kind: 'index',
      line,
      reason: `${name} is one-dimensional with no #define of its own for a row pitch, so no padding of it moves its words apart: the subscript at ${at} is the cause; change the index`,
    };
  if (isInOneRow(array, worst))
    return {
      array: name,
      kind: 'stride',
      line,
      reason: `the lanes of ${at} all address one row of ${name}: no padding or swizzle of its rows spreads them; the stride within the row is the cause`,
    };
  const tried = rejected.map((r) => `${r.title}: ${r.why}`).join('; ');
  return {
    array: name,
    kind: 'tried',
    line,
    reason: `no layout of ${name} tried lowers the excess of ${at}${tried ? ` (${tried})` : ''}`,
  };
}
