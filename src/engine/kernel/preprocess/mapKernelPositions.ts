import type { KernelError } from '../kernelError';
import type { KernelReport } from '../kernelReport';
import type { PreprocessedText } from './PreprocessedText';
import type { PreprocessError } from './macroTable';

/** A preprocessor's error as the analyzer returns it: the file named where it is not the kernel's own. */
export function toKernelError(e: PreprocessError, main: string): KernelError {
  return { line: e.line, column: e.column, message: e.message, ...(e.file === main ? {} : { file: e.file }) };
}

/**
 * An analyzer's error at a position of the preprocessed text, moved to the file as written: a
 * macro's use, naming the macro and its `#define`; an included file's line, naming the file.
 */
export function mapKernelError(e: KernelError, output: PreprocessedText): KernelError {
  const at = output.mapToFile(e.line, e.column);
  const where = (file: string, line: number) => (file === output.file ? `line ${line}` : `${file}:${line}`);
  const note = at.macro ? ` (in ${at.macro.name}, defined at ${where(at.macro.at.file, at.macro.at.line)})` : '';
  return toKernelError({ file: at.file, line: at.line, column: at.column, message: e.message + note }, output.file);
}

/** The report's columns moved to the file as written (its lines are the file's already). */
export function mapKernelReport(report: KernelReport, output: PreprocessedText): KernelReport {
  // A row's or an instruction site's column: several share one, each mapped once.
  const columns = new Map<number, number>();
  const column = (line: number, c: number) => {
    if (c >= 0x100000) return output.mapToMain(line, c).column;
    const key = line * 0x100000 + c;
    let found = columns.get(key);
    if (found === undefined) columns.set(key, (found = output.mapToMain(line, c).column));
    return found;
  };
  return {
    ...report,
    lines: report.lines.map((l) => {
      const c = column(l.line, l.column);
      return c === l.column ? l : { ...l, column: c };
    }),
    instructions: {
      ...report.instructions,
      sites: report.instructions.sites.map((site) => {
        const c = column(site.line, site.column);
        return c === site.column ? site : { ...site, column: c };
      }),
    },
  };
}
