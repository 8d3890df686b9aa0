import { parseBlock, type ThreadBlock } from '../../src/engine';

/** What `npm run kernel` was asked to do. */
export interface KernelCommand {
  readonly file: string;
  readonly kernel?: string;
  readonly block: ThreadBlock;
  readonly args: Record<string, number | string>;
  readonly json: boolean;
  readonly failOnConflict: boolean;
  /** Propose the layout fixes, each proved on the whole kernel, the first as a diff. */
  readonly suggest: boolean;
}

export const KERNEL_USAGE =
  'usage: npm run kernel -- <file.cu> [--kernel name] [--block X[xY[xZ]]] [--arg name=value]… [--json] [--fail-on-conflict] [--suggest]';

/**
 * The command line read into a {@link KernelCommand}, or every problem with it (each a line), so a
 * person fixes them all at once.
 */
export function readKernelArgs(argv: readonly string[]): KernelCommand | { readonly problems: string[] } {
  const problems: string[] = [];
  let file: string | undefined;
  let kernel: string | undefined;
  let block: ThreadBlock = { x: 32, y: 1, z: 1 };
  const args: Record<string, number | string> = {};
  let json = false;
  let failOnConflict = false;
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
    else if (flag === '--kernel') kernel = value() ?? kernel;
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
    else if (file === undefined) file = flag;
    else problems.push(`one file at a time: ${file} and ${flag} were given`);
  }
  if (file === undefined) problems.unshift('the kernel file is missing');
  if (problems.length > 0) return { problems };
  return { file: file!, kernel, block, args, json, failOnConflict, suggest };
}
