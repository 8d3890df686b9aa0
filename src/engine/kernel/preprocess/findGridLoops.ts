import type { KernelReport } from '../kernelReport';
import { lexPreprocessorTokens } from './lexPreprocessorTokens';

/**
 * The lines of loops that ran a shared-memory instruction and whose line names `gridDim` (after
 * macros: a grid-stride loop): their trip count is the launch's grid, which the report assumes.
 */
export function findGridLoops(report: KernelReport, preprocessed: string): number[] {
  const lines = new Set<number>();
  // Every list of loop values the report keeps is some instruction's.
  for (const loops of report.instructions.lists) for (const loop of loops) lines.add(loop.line);
  const text = preprocessed.split('\n');
  return [...lines]
    .filter((line) => lexPreprocessorTokens('', text[line - 1] ?? '').some((t) => t.text === 'gridDim'))
    .sort((a, b) => a - b);
}
