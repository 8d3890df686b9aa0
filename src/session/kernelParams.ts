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

/**
 * A kernel's source as a link carries it: typed out (`kernel=`, percent-encoded) or deflated
 * (`kz=`, raw deflate in base64url), which Kernel mode unpacks, as it loads the inflater on first use.
 */
export type KernelSource = { readonly plain: string } | { readonly packed: string };

/** Kernel mode's link: the source, the launch, and the line and instruction on stage. */
export interface KernelLink {
  readonly source: KernelSource | null;
  /** The thread block; `null`: the preset's, or 32 threads. */
  readonly block: ThreadBlock | null;
  /** Integer kernel and template parameters (and template types) by name, as written. */
  readonly args: Readonly<Record<string, number | string>>;
  /** The source line on stage, and which of its operations when it has several. */
  readonly line: number | null;
  readonly op: Operation | null;
  /** Which of that line's instructions, 1-based in the order the warps ran them; `null`: its worst. */
  readonly instance: number | null;
}

export const NO_KERNEL_LINK: KernelLink = Object.freeze({
  source: null,
  block: null,
  args: Object.freeze({}),
  line: null,
  op: null,
  instance: null,
});

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
  return fail(name, `must be a whole number (or a type, for a template's type parameter), not ${quote(raw)}`);
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
function readSource(params: URLSearchParams, errors: EngineError[]): KernelSource | null {
  const packed = params.get('kz');
  if (packed !== null) {
    if (/^[\w-]+$/.test(packed)) return { packed };
    errors.push({
      field: 'kz',
      reason: `must be a deflated source in base64url (A–Z, a–z, 0–9, - and _), not ${quote(packed)}`,
    });
  }
  const plain = params.get('kernel');
  return plain === null ? null : { plain };
}

/** Kernel mode's part of a link, each bad parameter added to `errors` and left out. */
export function readKernelParams(params: URLSearchParams, errors: EngineError[]): KernelLink {
  const take = <T>(result: Result<T>): T | null => {
    if (result.ok) return result.value;
    errors.push(result.error);
    return null;
  };
  const get = (name: string) => params.get(name);
  const opText = get('op');
  const op = opText === null ? null : (OPERATIONS.find((o) => o.id === opText)?.id ?? null);
  if (opText !== null && op === null)
    errors.push({ field: 'op', reason: `must be ${OPERATIONS.map((o) => o.id).join(', ')}, not ${quote(opText)}` });
  const blockText = get('block');
  const lineText = get('line');
  const instanceText = get('instance');
  const argsText = get('args');
  return {
    source: readSource(params, errors),
    block: blockText === null ? null : take(parseBlock(blockText)),
    args: (argsText === null ? null : take(parseArgs(argsText))) ?? {},
    line: lineText === null ? null : take(parseWhole('line', lineText, 1, MAX_LINE)),
    op,
    instance: instanceText === null ? null : take(parseWhole('instance', instanceText, 1, MAX_INSTANCE)),
  };
}

/** Writes Kernel mode's part of a link: the inverse of {@link readKernelParams}. */
export function writeKernelParams(params: URLSearchParams, link: KernelLink): void {
  if (link.source && 'packed' in link.source) params.set('kz', link.source.packed);
  else if (link.source) params.set('kernel', link.source.plain);
  if (link.block) params.set('block', writeBlock(link.block));
  const args = Object.entries(link.args);
  if (args.length > 0) params.set('args', args.map(([name, value]) => `${name}=${value}`).join(','));
  if (link.line !== null) params.set('line', String(link.line));
  if (link.op !== null) params.set('op', link.op);
  if (link.instance !== null) params.set('instance', String(link.instance));
}
