import { getLanesPerPhase, WARP_SIZE, type KernelReport } from '../../src/engine';
import { getAccessLine } from '../../src/engine/kernel';
import type { MeasuredInstruction } from './readNcuSourceCsv';

interface Sum {
  executions: number;
  rounds: number;
  ideal: number;
  forms: Set<string>;
  /** Per form, its instructions and wavefronts (measured only). */
  byForm: Map<string, { executions: number; wavefronts: number }>;
  /** Nsight Compute's excessive wavefronts (measured only; `null` once an instruction lacks them). */
  excessive: number | null;
}

/** One kernel line and operation: the model's counts beside Nsight Compute's, and what differs. */
export interface LineComparison {
  readonly line: number;
  readonly op: string;
  readonly model: { executions: number; rounds: number; ideal: number; forms: string[] } | null;
  readonly measured: {
    executions: number;
    wavefronts: number;
    ideal: number;
    /** "L1 Wavefronts Shared Excessive" summed, `null` where the page has no such column. */
    excessive: number | null;
    forms: string[];
  } | null;
  readonly agree: boolean;
  readonly note: string;
}

const WIDTH: Readonly<Record<string, number>> = { U8: 1, S8: 1, U16: 2, S16: 2, '32': 4, '64': 8, '128': 16 };
const widthOf = (form: string) => WIDTH[form.split('.')[1] ?? ''] ?? 0;
const NUMBERS = ['', 'one', 'two', 'three', 'four'];

/**
 * What the GPU did with a merged wide load beyond the merge: where it took fewer wavefronts an
 * instruction than its phases (4 for an `LDS.128`, 2 for an `LDS.64`), it served lanes that read
 * one address in pairs, which the model counts only for the wide load the source writes.
 */
function getPairedNote(form: string, { executions, wavefronts }: { executions: number; wavefronts: number }): string {
  const phases = WARP_SIZE / getLanesPerPhase(widthOf(form));
  const each = executions > 0 ? wavefronts / executions : phases;
  if (phases < 2 || each >= phases) return '';
  return `; the GPU served that ${form} in ${Number(each.toFixed(2))} wavefronts an instruction, not ${phases}, its lanes paired (every lane reading lane n^1's or n^2's address)`;
}

/** Where a statement begun on a line ends: the first line from it whose code ends in `;`, `{` or `}`. */
function getStatementEnd(lines: readonly string[], line: number): number {
  for (let i = line; i <= lines.length; i++)
    if (/[;{}]\s*$/.test(lines[i - 1].replace(/\/\/.*$/, '').trimEnd())) return i;
  return line;
}

/**
 * The line the model counts a measured instruction at: nvcc may place the instruction of a
 * statement written over several lines on any of them (the `asm` statement's last line, the
 * right-hand side of an assignment), where the model counts it at the statement's first.
 */
function findStatementLine(report: KernelReport, m: MeasuredInstruction, source: string): number {
  if (!source || report.lines.some((l) => getAccessLine(l) === m.line && l.op === m.op)) return m.line;
  const lines = source.split('\n');
  const start = report.lines.find(
    (l) => l.op === m.op && getAccessLine(l) < m.line && m.line <= getStatementEnd(lines, getAccessLine(l)),
  );
  return start ? getAccessLine(start) : m.line;
}

/**
 * The report's rounds and ideal per line set beside the wavefronts Nsight Compute measured there,
 * with a word where they differ: where the compiler merged neighbouring accesses into one wider
 * instruction (two `LDS.32` into an `LDS.64`, four into an `LDS.128`), it says so for that line, and
 * where the GPU then served the merged load's paired lanes together (as the H200 did for
 * `matrixMul` line 63's broadcast `LDS.128`: 2 wavefronts, not 4), it says that too: the model
 * counts the accesses as written, so the merge alone does not account for the difference.
 */
export function compareKernelLines(
  report: KernelReport,
  measured: readonly MeasuredInstruction[],
  source = '',
): LineComparison[] {
  const key = (line: number, op: string) => `${line} ${op}`;
  measured = measured.map((m) => ({ ...m, line: findStatementLine(report, m, source) }));
  const model = new Map<string, Sum & { line: number; op: string }>();
  // Nsight Compute puts an inlined function's instructions at its own lines, each call's summed:
  // the report's rows of a called function's line are summed alike.
  for (const l of report.lines) {
    const sum = model.get(key(getAccessLine(l), l.op)) ?? {
      line: getAccessLine(l),
      op: l.op,
      executions: 0,
      rounds: 0,
      ideal: 0,
      forms: new Set(),
      byForm: new Map(),
      excessive: null,
    };
    sum.executions += l.executions;
    sum.rounds += l.rounds;
    sum.ideal += l.ideal;
    sum.forms.add(l.form);
    model.set(key(getAccessLine(l), l.op), sum);
  }
  const gpu = new Map<string, Sum & { line: number; op: string }>();
  for (const m of measured) {
    const sum = gpu.get(key(m.line, m.op)) ?? {
      line: m.line,
      op: m.op,
      executions: 0,
      rounds: 0,
      ideal: 0,
      forms: new Set(),
      byForm: new Map(),
      excessive: 0,
    };
    sum.executions += m.executed;
    sum.excessive = sum.excessive === null || m.excessive === undefined ? null : sum.excessive + m.excessive;
    sum.rounds += m.wavefronts;
    sum.ideal += m.ideal;
    sum.forms.add(m.form);
    const form = sum.byForm.get(m.form) ?? { executions: 0, wavefronts: 0 };
    form.executions += m.executed;
    form.wavefronts += m.wavefronts;
    sum.byForm.set(m.form, form);
    gpu.set(key(m.line, m.op), sum);
  }
  const keys = [...new Set([...model.keys(), ...gpu.keys()])];
  const rows = keys.map((k): LineComparison => {
    const mine = model.get(k);
    const theirs = gpu.get(k);
    const line = (mine ?? theirs)!.line;
    const op = (mine ?? theirs)!.op;
    const modelRow = mine
      ? { executions: mine.executions, rounds: mine.rounds, ideal: mine.ideal, forms: [...mine.forms].sort() }
      : null;
    const measuredRow = theirs
      ? {
          executions: theirs.executions,
          wavefronts: theirs.rounds,
          ideal: theirs.ideal,
          excessive: theirs.excessive,
          forms: [...theirs.forms].sort(),
        }
      : null;
    if (!modelRow)
      return {
        line,
        op,
        model: null,
        measured: measuredRow,
        agree: false,
        note: 'measured here, not in the model (an access the compiler made, or one inlined from elsewhere)',
      };
    if (!measuredRow)
      return {
        line,
        op,
        model: modelRow,
        measured: null,
        agree: false,
        note: 'no shared instruction measured at this line: the compiler kept the value in a register, or moved the access to another line',
      };
    const agree = measuredRow.wavefronts === modelRow.rounds && measuredRow.ideal === modelRow.ideal;
    let note = agree ? '' : 'the wavefronts measured differ from the model’s rounds';
    const ours = Math.max(...modelRow.forms.map(widthOf));
    const wider = Math.max(...measuredRow.forms.map(widthOf));
    if (wider > ours && ours > 0 && measuredRow.executions < modelRow.executions) {
      const ratio = wider / ours;
      const mineForm = modelRow.forms.find((f) => widthOf(f) === ours)!;
      const theirForm = measuredRow.forms.find((f) => widthOf(f) === wider)!;
      note = `the compiler merged ${NUMBERS[ratio] ?? ratio} ${mineForm} into an ${theirForm}${agree ? '' : `, which the model counts as written${getPairedNote(theirForm, theirs!.byForm.get(theirForm)!)}`}`;
    } else if (!agree && measuredRow.executions !== modelRow.executions)
      note = `the GPU ran ${measuredRow.executions} instructions where the model counts ${modelRow.executions}`;
    else if (agree && measuredRow.executions > modelRow.executions)
      // nvcc predicates a short branch instead of jumping: a warp with no lane on it still runs it.
      note = `the GPU also ran ${measuredRow.executions - modelRow.executions} with every lane predicated off, which make no wavefront`;
    return { line, op, model: modelRow, measured: measuredRow, agree, note };
  });
  return rows.sort((a, b) => a.line - b.line || a.op.localeCompare(b.op));
}
