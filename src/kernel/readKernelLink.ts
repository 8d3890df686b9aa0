import {
  fail,
  OPERATIONS,
  parseBlock,
  parseWhole,
  quote,
  writeBlock,
  type EngineError,
  type Operation,
  type Result,
  type ThreadBlock,
} from '../engine';
import type { KernelLink } from './kernelParams';

/**
 * A kernel's source as a link carries it: typed out (`kernel=`, percent-encoded) or deflated
 * (`kz=`, raw deflate in base64url), which Kernel mode unpacks, as it loads the inflater on first use.
 */
export type KernelSource = { readonly plain: string } | { readonly packed: string };

/** What a Kernel mode link says, read and checked: the source, the launch, and the line and instruction on stage. */
export interface KernelChoice {
  readonly source: KernelSource | null;
  /** The thread block; `null`: the preset's, or 32 threads. */
  readonly block: ThreadBlock | null;
  /** Integer kernel and template parameters (and template types) by name, as written. */
  readonly args: Readonly<Record<string, number | string>>;
  /** The source line on stage, and which of its operations when it has several. */
  readonly line: number | null;
  /** The line inside a function the kernel's line calls, whose row is on stage; `null`: not named (the costliest). */
  readonly inner: number | null;
  readonly op: Operation | null;
  /** Which of that line's instructions, 1-based in the order the warps ran them; `null`: its worst. */
  readonly instance: number | null;
}

/** A line or an instruction number past these is no kernel's. */
const MAX_LINE = 1_000_000;
const MAX_INSTANCE = 100_000_000;

/** A parameter's value as written: a whole number (decimal or 0x hex), or a type name for a template's type. */
export function parseKernelArg(name: string, text: string): Result<number | string> {
  const raw = text.trim();
  if (/^-?(0[xX][0-9a-fA-F]+|\d+)$/.test(raw)) {
    const negative = raw.startsWith('-');
    const value = Number(negative ? raw.slice(1) : raw) * (negative ? -1 : 1);
    if (Number.isSafeInteger(value)) return { ok: true, value };
    return fail(name, `${quote(raw)} is past 2^53`);
  }
  if (/^[A-Za-z_]\w*( [A-Za-z_]\w*)*$/.test(raw)) return { ok: true, value: raw };
  return fail(name, `must be a whole number (or a type, for a template’s type parameter), not ${quote(raw)}`);
}

/** `args=n=1024,TILE=32`: each parameter once, as `name=value`. */
function parseArgs(text: string): Result<Record<string, number | string>> {
  const args = new Map<string, number | string>();
  for (const entry of text.split(',')) {
    if (entry.trim() === '') continue;
    const match = /^\s*([A-Za-z_]\w*)\s*=(.*)$/.exec(entry);
    if (!match) return fail('args', `lists name=value pairs (like n=1024,TILE=32), not ${quote(entry)}`);
    if (args.has(match[1])) return fail('args', `names ${match[1]} twice`);
    const value = parseKernelArg(match[1], match[2]);
    if (!value.ok) return fail('args', `${match[1]} ${value.error.reason}`);
    args.set(match[1], value.value);
  }
  // Own properties whatever the names (a parameter may be called __proto__).
  return { ok: true, value: Object.fromEntries(args) };
}

/** The source a link gives, if any: `kz=` before `kernel=` (a page writes the first). */
function readSource(link: KernelLink, errors: EngineError[]): KernelSource | null {
  const packed = link.kz;
  if (packed !== undefined) {
    if (/^[\w-]+$/.test(packed)) return { packed };
    errors.push({
      field: 'kz',
      reason: `must be a deflated source in base64url (A–Z, a–z, 0–9, - and _), not ${quote(packed)}`,
    });
  }
  const plain = link.kernel;
  return plain === undefined ? null : { plain };
}

/**
 * Kernel mode's part of a link read and checked, in the order a link writes it: each bad parameter
 * is added to `errors`, naming it, and left out.
 */
export function readKernelLink(link: KernelLink, errors: EngineError[]): KernelChoice {
  const take = <T>(text: string | undefined, read: (text: string) => Result<T>): T | null => {
    if (text === undefined) return null;
    const result = read(text);
    if (result.ok) return result.value;
    errors.push(result.error);
    return null;
  };
  const source = readSource(link, errors);
  const block = take(link.block, parseBlock);
  const args = take(link.args, parseArgs) ?? {};
  const line = take(link.line, (text) => parseWhole('line', text, 1, MAX_LINE));
  const inner = take(link.inner, (text) => parseWhole('inner', text, 1, MAX_LINE));
  const op = take(link.op, (text): Result<Operation> => {
    const found = OPERATIONS.find((o) => o.id === text);
    if (found) return { ok: true, value: found.id };
    return fail('op', `must be ${OPERATIONS.map((o) => o.id).join(', ')}, not ${quote(text)}`);
  });
  const instance = take(link.instance, (text) => parseWhole('instance', text, 1, MAX_INSTANCE));
  return { source, block, args, line, inner, op, instance };
}

/** Kernel mode's part of a link as written: the inverse of {@link readKernelLink}. */
export function writeKernelLink(choice: KernelChoice): KernelLink {
  const link: Partial<Record<keyof KernelLink, string>> = {};
  if (choice.source && 'packed' in choice.source) link.kz = choice.source.packed;
  else if (choice.source) link.kernel = choice.source.plain;
  if (choice.block) link.block = writeBlock(choice.block);
  const args = Object.entries(choice.args);
  if (args.length > 0) link.args = args.map(([name, value]) => `${name}=${value}`).join(',');
  if (choice.line !== null) link.line = String(choice.line);
  if (choice.inner !== null) link.inner = String(choice.inner);
  if (choice.op !== null) link.op = choice.op;
  if (choice.instance !== null) link.instance = String(choice.instance);
  return link;
}
