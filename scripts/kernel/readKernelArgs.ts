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
  /** `-D` and `-U` in order, the later of two for one name winning; `--arch sm_XY` as `__CUDA_ARCH__`. */
  readonly defines: Record<string, string | null>;
  /** `-I` directories, in order. */
  readonly includeDirs: string[];
  /** `--grid` (1×1×1 unless given) and `--block-idx` (0, 0, 0 unless given). */
  readonly grid?: ThreadBlock;
  readonly blockIdx?: ThreadBlock;
}

export const KERNEL_USAGE =
  'usage: npm run kernel -- <file.cu|glob>… [--kernel name] [--block X[xY[xZ]]] [--grid X[xY[xZ]]] [--block-idx X[,Y[,Z]]] [--arg name=value]… [-D NAME[=value]]… [-U NAME]… [-I dir]… [--arch sm_XY] [--format text|json|sarif|github] [--json] [--fail-on-conflict] [--baseline file.json] [--write-baseline file.json] [--ncu page.csv] [--suggest]';

/** `X`, `XxY` or `XxYxZ` (`,` too) whole numbers, the missing ones `fill`; `null` when it is not that. */
function readDims(text: string, fill: number): ThreadBlock | null {
  const parts = text.trim().split(/\s*[x×,]\s*/i);
  if (parts.length > 3 || !parts.every((p) => /^\d{1,10}$/.test(p))) return null;
  const [x, y = fill, z = fill] = parts.map(Number);
  return { x, y, z };
}

/** A `-D`/`-U` flag's value: `NAME`, `NAME=value` or `NAME(args)=body`. */
const MACRO = /^([A-Za-z_]\w*(?:\([\w\s,.]*\))?)(?:=([\s\S]*))?$/;

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
  const defines: Record<string, string | null> = {};
  const includeDirs: string[] = [];
  let grid: ThreadBlock | undefined;
  let blockIdx: ThreadBlock | undefined;
  for (let i = 0; i < argv.length; i++) {
    // `-DNAME=1` and `-Iinclude` as compilers take them, as well as `-D NAME=1`.
    const joined = /^-[DUI]./.exec(argv[i]) ? argv[i].slice(2) : null;
    const flag = joined === null ? argv[i] : argv[i].slice(0, 2);
    const value = () => {
      if (joined !== null) return joined;
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
    } else if (flag === '-D' || flag === '-U') {
      const text = value();
      if (text === null) continue;
      const match = MACRO.exec(text);
      if (!match || (flag === '-U' && match[2] !== undefined))
        problems.push(
          `${flag} ${text}: write it as ${flag === '-D' ? 'NAME or NAME=value (like -D BLOCK=128)' : 'NAME'}`,
        );
      else defines[match[1]] = flag === '-U' ? null : (match[2] ?? '1');
    } else if (flag === '-I') {
      const text = value();
      if (text !== null) includeDirs.push(text.replace(/\/+$/, '') || '/');
    } else if (flag === '--arch') {
      const text = value();
      if (text === null) continue;
      const match = /^(?:sm_|compute_)?(\d)(\d+)a?$/.exec(text);
      if (match) defines.__CUDA_ARCH__ = `${match[1]}${match[2].padEnd(2, '0')}`;
      else problems.push(`--arch ${text}: write it as sm_XY (like sm_80 for __CUDA_ARCH__ 800)`);
    } else if (flag === '--grid' || flag === '--block-idx') {
      const text = value();
      if (text === null) continue;
      const dims = readDims(text, flag === '--grid' ? 1 : 0);
      if (!dims || (flag === '--grid' && (dims.x < 1 || dims.y < 1 || dims.z < 1)))
        problems.push(
          flag === '--grid'
            ? `--grid ${text}: write the blocks of the grid as X, XxY or XxYxZ, each at least 1 (like 640 or 16x16)`
            : `--block-idx ${text}: write the block's index as X, X,Y or X,Y,Z from 0 (like 3 or 1,2)`,
        );
      else if (flag === '--grid') grid = dims;
      else blockIdx = dims;
    } else if (flag.startsWith('-')) problems.push(`unknown option ${flag}`);
    else files.push(flag);
  }
  if (json && format !== 'text') problems.push(`--json and --format ${format}: choose one`);
  if (baseline !== undefined && baseline === writeBaseline)
    problems.push(`--baseline and --write-baseline name the same file, ${baseline}`);
  if (problems.length > 0) return { problems, format };
  return {
    files,
    kernel,
    block,
    args,
    json,
    format,
    failOnConflict,
    baseline,
    writeBaseline,
    ncu,
    suggest,
    defines,
    includeDirs,
    grid,
    blockIdx,
  };
}
