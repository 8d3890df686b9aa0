import { parseBlock, type ThreadBlock } from '../../src/engine';

/** How the results are written: a table, JSON, SARIF 2.1.0 or GitHub Actions' annotations. */
export type KernelFormat = 'text' | 'json' | 'sarif' | 'github';
export const KERNEL_FORMATS: readonly KernelFormat[] = ['text', 'json', 'sarif', 'github'];

/** What `npm run kernel` (or `bank-check`) was asked to do. */
export interface KernelCommand {
  /** Files and globs; none: the ones bank-check.json names. */
  readonly files: readonly string[];
  readonly kernel?: string;
  /** The block given on the command line, which overrides every launch's; 32 where nothing gives one. */
  readonly block?: ThreadBlock;
  readonly args: Record<string, number | string>;
  /** `--json`: one launch's report as JSON, the shape it has always had. */
  readonly json: boolean;
  readonly format: KernelFormat;
  readonly failOnConflict: boolean;
  readonly baseline?: string;
  readonly writeBaseline?: string;
  /** A Nsight Compute source page (CSV) recorded elsewhere, set beside the report line by line. */
  readonly ncu?: string;
  /** Propose the layout fixes, each proved on the whole kernel, the first as a diff. */
  readonly suggest: boolean;
}

export const KERNEL_USAGE =
  'usage: npm run kernel -- <file.cu|glob>… [--kernel name] [--block X[xY[xZ]]] [--arg name=value]… [--format text|json|sarif|github] [--json] [--fail-on-conflict] [--baseline file.json] [--write-baseline file.json] [--ncu page.csv] [--suggest]';

/**
 * The command line read into a {@link KernelCommand}, or every problem with it (each a line), so a
 * person fixes them all at once.
 */
export function readKernelArgs(
  argv: readonly string[],
): KernelCommand | { readonly problems: string[]; readonly format: KernelFormat } {
  const problems: string[] = [];
  const files: string[] = [];
  let kernel: string | undefined;
  let block: ThreadBlock | undefined;
  const args: Record<string, number | string> = {};
  let json = false;
  let format: KernelFormat = 'text';
  let failOnConflict = false;
  let baseline: string | undefined;
  let writeBaseline: string | undefined;
  let ncu: string | undefined;
  let suggest = false;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) {
        problems.push(`${flag} needs a value`);
        return null;
      }
      i++;
      return next;
    };
    if (flag === '--json') json = true;
    else if (flag === '--fail-on-conflict') failOnConflict = true;
    else if (flag === '--suggest') suggest = true;
    else if (flag === '--format') {
      const text = value();
      if (text === null) continue;
      if ((KERNEL_FORMATS as readonly string[]).includes(text)) format = text as KernelFormat;
      else problems.push(`--format ${text}: the formats are ${KERNEL_FORMATS.join(', ')}`);
    } else if (flag === '--baseline') baseline = value() ?? baseline;
    else if (flag === '--write-baseline') writeBaseline = value() ?? writeBaseline;
    else if (flag === '--kernel') kernel = value() ?? kernel;
    else if (flag === '--ncu') ncu = value() ?? ncu;
    else if (flag === '--block') {
      const text = value();
      if (text === null) continue;
      const parsed = parseBlock(text);
      if (parsed.ok) block = parsed.value;
      else problems.push(`--block ${text}: ${parsed.error.reason}`);
    } else if (flag === '--arg') {
      const text = value();
      if (text === null) continue;
      const match = /^([A-Za-z_]\w*)=(.+)$/.exec(text);
      if (!match) problems.push(`--arg ${text}: write it as name=value (like n=1024)`);
      else if (match[1] in args) problems.push(`--arg ${match[1]} is given twice`);
      else {
        const raw = match[2];
        if (/^-?(0[xX][0-9a-fA-F]+|\d+)$/.test(raw)) {
          const n = Number(raw.replace(/^(-?)0[xX]/, (_, sign: string) => `${sign}0x`));
          const number = raw.startsWith('-') ? -Number(raw.slice(1)) : n;
          if (!Number.isSafeInteger(number)) problems.push(`--arg ${text}: past 2^53`);
          else args[match[1]] = number;
        } else if (/^[A-Za-z_][\w ]*$/.test(raw)) args[match[1]] = raw.trim();
        else problems.push(`--arg ${text}: a value is a whole number (or a type, for a template's type parameter)`);
      }
    } else if (flag.startsWith('--')) problems.push(`unknown option ${flag}`);
    else files.push(flag);
  }
  if (json && format !== 'text') problems.push(`--json and --format ${format}: choose one`);
  if (baseline !== undefined && baseline === writeBaseline)
    problems.push(`--baseline and --write-baseline name the same file, ${baseline}`);
  if (problems.length > 0) return { problems, format };
  return { files, kernel, block, args, json, format, failOnConflict, baseline, writeBaseline, ncu, suggest };
}
