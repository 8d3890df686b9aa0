import { groupDigits, writeBlock, type KernelLine } from '../../src/engine';

/** `n` grouped and a word, plural unless `n` is one: "1,024 rounds". */
export const count = (n: number, word: string) => `${groupDigits(n)} ${word}${n === 1 ? '' : 's'}`;
import type { BaselineState, KernelCheck } from './kernelChecks';
import { describeWorst } from './writeKernelReport';

/** A conflicting line in words, for an annotation or a SARIF result: what it costs and where it is worst. */
export function describeCheckLine(check: KernelCheck, line: KernelLine, state?: BaselineState): string {
  const { report } = check;
  const times = line.ideal > 0 ? ` (${(line.rounds / line.ideal).toFixed(2)}× the ideal)` : '';
  const since =
    state === 'new'
      ? ' New since the baseline.'
      : state === 'worse'
        ? ' Worse than the baseline.'
        : state
          ? ` ${state === 'better' ? 'Better than' : 'As in'} the baseline.`
          : '';
  return (
    `Bank conflict: the ${line.op} of ${line.type}${line.inner === null ? '' : ` (in a function the kernel calls at line ${line.line})`} takes ${count(line.rounds, 'round')} where ${groupDigits(line.ideal)} would do, ` +
    `${groupDigits(line.excess)} past the ideal${times}, over ${count(line.executions, 'warp instruction')} ` +
    `of ${report.kernel} with block ${writeBlock(report.block)}; worst in ${describeWorst(report, line)}.${since}`
  );
}

/** How serious a conflicting line is: an error at twice its ideal or more, else a warning; a note where the baseline has it already. */
export function getLineLevel(line: KernelLine, state?: BaselineState): 'error' | 'warning' | 'note' {
  if (state === 'unchanged' || state === 'better') return 'note';
  return line.rounds >= 2 * line.ideal ? 'error' : 'warning';
}
