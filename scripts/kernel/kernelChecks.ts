import type { KernelLaunch, KernelReport, LayoutFixes } from '../../src/engine';
import type { LineComparison } from '../gpu/compareKernelLines';

/** Something that stopped a file or a launch from being checked, where it was (as much as is known). */
export interface CheckProblem {
  readonly file?: string;
  /** The file from the project's root, `/`-separated, as GitHub and SARIF name it. */
  readonly path?: string;
  readonly line?: number;
  readonly column?: number;
  readonly message: string;
}

/** One launch to analyze: the file, its source, the launch, and where the launch was written. */
export interface PlannedCheck {
  readonly file: string;
  readonly source: string;
  readonly launch: KernelLaunch;
  /** `line 3` for a `// bank-check:` comment, `bank-check.json`, or `the command line`. */
  readonly origin: string;
}

/** A launch analyzed: its report. */
export interface KernelCheck {
  readonly file: string;
  /** The file from the project's root (the config's folder, or the one holding .git), `/`-separated. */
  readonly path: string;
  readonly origin: string;
  readonly report: KernelReport;
  /** The source analyzed, for a page set beside the report (`--ncu`). */
  readonly source: string;
  /** `--suggest`: the layout fixes proved on the whole kernel. */
  readonly fixes?: LayoutFixes;
}

/** How a conflicting line compares with the baseline: new, worse, the same, or better. */
export type BaselineState = 'new' | 'worse' | 'unchanged' | 'better';

/** Everything one run found, with the status it exits with. */
export interface CheckRun {
  readonly checks: readonly KernelCheck[];
  readonly problems: readonly CheckProblem[];
  /** Per check, per line of its report: its fingerprint (see `getLineFingerprints`). */
  readonly fingerprints: readonly (readonly string[])[];
  /** Per fingerprint, against `--baseline`; absent without one. */
  readonly baseline?: ReadonlyMap<string, BaselineState>;
  /** `--ncu`: the recorded page's rows beside the one launch's report. */
  readonly ncu?: { readonly page: string; readonly rows: readonly LineComparison[] };
  readonly status: 0 | 1 | 2;
}

/** `file:line:column: message`, as compilers write it, with as much of the place as is known. */
export const writeProblem = (p: CheckProblem) =>
  p.file === undefined
    ? `kernel: ${p.message}`
    : `${p.file}:${p.line === undefined ? '' : `${p.line}:${p.column ?? 1}:`} ${p.message}`;
