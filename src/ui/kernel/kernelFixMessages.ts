import type { KernelLaunch, KernelReport, LayoutFixes } from '../../engine';

/** A source and its report, for the fix worker to search layouts for; numbered so only the latest answer is used. */
export interface FixQuestion {
  readonly id: number;
  readonly source: string;
  readonly launch: KernelLaunch;
  readonly report: KernelReport;
}

/** The fixes found for a question, or why the search could not run. */
export type FixAnswer =
  { readonly id: number; readonly found: LayoutFixes } | { readonly id: number; readonly failure: string };
