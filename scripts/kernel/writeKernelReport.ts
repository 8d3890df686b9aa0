import {
  getBlockWarps,
  getModelNotes,
  groupDigits,
  writeBlock,
  type KernelLine,
  type KernelReport,
} from '../../src/engine';
import { getAccessLine, writeRowPlace } from '../../src/engine/kernel';
import { findMergeableLoads } from '../../src/engine/kernel/findMergeableLoads';
import { getInstruction } from '../../src/engine/kernel/kernelInstructions';

/** The report as `--json` prints it: the kernel, its block, the arrays, each line with its worst instruction, the total. */
export function getKernelJson(report: KernelReport) {
  return {
    kernel: report.kernel,
    block: report.block,
    grid: report.grid,
    blockIdx: report.blockIdx,
    gridLoops: report.gridLoops ?? [],
    arrays: report.arrays,
    lines: report.lines.map((l) => {
      const worst = getInstruction(report.instructions, l.worst);
      return {
        ...l,
        worst: {
          warp: worst.warp,
          rounds: worst.rounds,
          ideal: worst.ideal,
          loops: worst.loops,
          addresses: Array.from(worst.addresses, (a) => (a < 0 ? null : a)),
        },
      };
    }),
    total: report.total,
  };
}

const byExcess = (a: KernelLine, b: KernelLine) =>
  b.excess - a.excess || getAccessLine(a) - getAccessLine(b) || a.line - b.line;

/** Where the worst instruction ran: its warp and its loop variables' values. */
export function describeWorst(report: KernelReport, line: KernelLine): string {
  const worst = getInstruction(report.instructions, line.worst);
  const loops = worst.loops.flatMap((loop) =>
    Object.entries(loop.values).map(([name, value]) => `${name} = ${value ?? 'varies'}`),
  );
  return `warp ${worst.warp}${loops.length ? `, ${loops.join(', ')}` : ''}: ${worst.rounds} rounds, ideal ${worst.ideal}`;
}

/**
 * The report as a person reads it: one row per line and operation, the most excess first, with the
 * source line itself (a line inside a called function, a row for each kernel line that calls it,
 * says which: "via line 27"); then the total and one line of verdict.
 */
export function writeKernelTable(report: KernelReport, file: string): string {
  const rows = [...report.lines].sort(byExcess);
  const header = ['line', 'op', 'type', 'instructions', 'rounds', 'ideal', 'excess', 'source'];
  const cells = rows.map((l) => [
    String(getAccessLine(l)),
    l.op,
    l.type,
    groupDigits(l.executions),
    groupDigits(l.rounds),
    groupDigits(l.ideal),
    groupDigits(l.excess),
    l.source + (l.inner === null ? '' : `  (via line ${l.line})`),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const right = new Set([0, 3, 4, 5, 6]);
  const format = (row: string[]) =>
    row
      .map((cell, i) =>
        i === row.length - 1 ? cell : right.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i]),
      )
      .join('  ')
      .trimEnd();
  const warps = getBlockWarps(report.block);
  const out = [
    `${file}: ${report.kernel}, block ${writeBlock(report.block)} (${warps} warp${warps === 1 ? '' : 's'}), ${
      report.arrays.map((a) => `${a.name} at byte ${groupDigits(a.base)}${a.dynamic ? ' (extern)' : ''}`).join(', ') ||
      'no shared arrays'
    }`,
    `gridDim ${writeBlock(report.grid)}, blockIdx (${report.blockIdx.x}, ${report.blockIdx.y}, ${report.blockIdx.z}), as assumed (--grid, --block-idx)`,
    ...(report.gridLoops ?? []).map(
      (line) =>
        `  line ${line}: the loop's trip count comes from gridDim (${writeBlock(report.grid)} here): give --grid as the kernel is launched`,
    ),
    '',
    format(header),
    ...cells.map(format),
    '',
  ];
  const { executions, rounds, ideal, excess } = report.total;
  out.push(
    `total: ${groupDigits(executions)} instructions, ${groupDigits(rounds)} rounds, ideal ${groupDigits(ideal)}, excess ${groupDigits(excess)}`,
  );
  for (const l of rows.filter((r) => r.excess > 0))
    out.push(`  ${writeRowPlace(l)} ${l.op}: worst in ${describeWorst(report, l)}`);
  // The compiler's merges, named (src/engine/kernel/findMergeableLoads.ts).
  for (const m of findMergeableLoads(report)) out.push(`  ${writeRowPlace(m)} load: ${m.note}`);
  for (const l of report.lines.filter((r) => r.racing > 0))
    out.push(
      `  ${writeRowPlace(l)}: ${groupDigits(l.racing)} store instruction${l.racing === 1 ? '' : 's'} race (lanes write the same bytes; which value lands is undefined)`,
    );
  for (const note of getModelNotes(report.lines.map((l) => l.op))) out.push(`  note: ${note}`);
  const conflicting = rows.filter((r) => r.excess > 0);
  out.push(
    conflicting.length === 0
      ? rows.length === 0
        ? 'verdict: the kernel makes no shared-memory access in this launch'
        : 'verdict: no bank conflict: every instruction takes its ideal rounds'
      : `verdict: ${conflicting.length} line${conflicting.length === 1 ? '' : 's'} conflict${conflicting.length === 1 ? 's' : ''}, ${groupDigits(excess)} round${excess === 1 ? '' : 's'} past the ideal (${(rounds / ideal).toFixed(2)}× the ideal); the worst is ${writeRowPlace(conflicting[0])}`,
  );
  return out.join('\n');
}
