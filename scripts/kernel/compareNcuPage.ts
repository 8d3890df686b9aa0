import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { groupDigits, type KernelReport } from '../../src/engine';
import { readCsvLine } from '../gpu/readNcuCsv';
import { compareKernelLines, type LineComparison } from '../gpu/compareKernelLines';
import { readNcuSourceCsv } from '../gpu/readNcuSourceCsv';

/** A source page set beside a report: the rows, or why it could not be read. */
export type NcuComparison =
  { readonly ok: true; readonly rows: LineComparison[] } | { readonly ok: false; readonly problem: string };

/** The files a source page holds (its `"File Path"` rows), as it names them. */
const listFiles = (text: string) =>
  text
    .split(/\r?\n/)
    .filter((line) => line.startsWith('"File Path"'))
    .map((line) => readCsvLine(line)[1] ?? '');

/**
 * A Nsight Compute source page recorded elsewhere (`ncu --import … --page source --csv
 * --print-source cuda,sass`) read against `report` of the kernel in `file`, line by line, as
 * `gpu:check --kernel` compares them; offline, no GPU. `file` is matched by its name, since the page
 * holds the path of the machine it was recorded on.
 */
export function compareNcuText(report: KernelReport, text: string, file: string, source: string): NcuComparison {
  const measured = readNcuSourceCsv(text, file);
  if (measured.length === 0) {
    const files = listFiles(text);
    return {
      ok: false,
      problem:
        files.length === 0
          ? 'it is not a source page as CSV (no "File Path" row): record it with ncu --import <report> --page source --csv --print-source cuda,sass'
          : `it has no shared-memory instruction of ${basename(file)}; its files: ${files.join(', ')}`,
    };
  }
  return { ok: true, rows: compareKernelLines(report, measured, source) };
}

/** {@link compareNcuText} on the page at `path`, or why it could not be read. */
export async function compareNcuPage(
  report: KernelReport,
  path: string,
  file: string,
  source: string,
): Promise<NcuComparison> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return { ok: false, problem: `cannot read it: ${(error as NodeJS.ErrnoException).code ?? String(error)}` };
  }
  return compareNcuText(report, text, file, source);
}

const pair = (model: number | null | undefined, measured: number | null | undefined) =>
  `${model === null || model === undefined ? '–' : groupDigits(model)} / ${measured === null || measured === undefined ? '–' : groupDigits(measured)}`;

/**
 * The comparison as a person reads it, in Nsight Compute's words beside the report's: per line and
 * operation the rounds (wavefronts), the ideal and the excess (L1 Wavefronts Shared Excessive), the
 * model's first and the page's second, then agree or differ with `gpu:check`'s note; a last line
 * counts the lines that agree.
 */
export function writeNcuTable(rows: readonly LineComparison[], page: string): string {
  const head = ['line', 'op', 'rounds (wavefronts)', 'ideal', 'excess (L1 Wavefronts Shared Excessive)'];
  const cells = rows.map((r) => [
    String(r.line),
    r.op,
    pair(r.model?.rounds, r.measured?.wavefronts),
    pair(r.model?.ideal, r.measured?.ideal),
    pair(r.model ? r.model.rounds - r.model.ideal : null, r.measured?.excessive),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: readonly string[]) =>
    c.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const agree = rows.filter((r) => r.agree).length;
  return [
    `Nsight Compute's source page ${page} beside the report (each column: the model / the page):`,
    line(head),
    ...rows.map((r, i) => `${line(cells[i])}  ${r.agree ? 'agree' : 'differ'}${r.note ? `: ${r.note}` : ''}`),
    `${agree} of ${rows.length} lines agree with the page.`,
  ].join('\n');
}
