import type { InstructionSite, KernelLine } from './kernelReport';

type RowPlace = Pick<KernelLine, 'line' | 'inner'>;

/** The line a report row's accesses are written on: inside the called function, else the kernel's own. */
export const getAccessLine = (row: RowPlace): number => row.inner ?? row.line;

/** A row's place in words: "line 5 (via line 27)" for a function's line 5 called at the kernel's line 27, else "line 27". */
export const writeRowPlace = (row: RowPlace): string =>
  row.inner === null ? `line ${row.line}` : `line ${row.inner} (via line ${row.line})`;

/** Whether a site's instructions are `row`'s: the same kernel line, line inside a call, operation and type. */
export const isRowSite = (row: KernelLine, site: InstructionSite): boolean =>
  site.line === row.line && site.inner === row.inner && site.op === row.op && site.type === row.type;
