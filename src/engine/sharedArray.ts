import { getElementBytes, TYPE_SPELLINGS, type ElementType } from './elementTypes';
import { groupDigits } from './groupDigits';
import { fail, ok, type Result } from './result';

/** A `__shared__` array as a kernel declares it: its element type, its name and its dimensions. */
export interface SharedArray {
  readonly type: ElementType;
  readonly name: string;
  /** Row-major: `tile[32][33]` is 32 rows of 33 elements. */
  readonly dims: readonly number[];
  readonly elements: number;
}

const MAX_DIMS = 4;
/** What one block may declare statically: 48 KB, on every GPU CUDA supports. */
export const MAX_STATIC_SHARED_BYTES = 48 * 1024;
/** What dynamic shared memory reaches once a kernel opts in, on compute capability 9.0: 227 KB. */
export const MAX_DYNAMIC_SHARED_BYTES = 227 * 1024;
const SPELLINGS = Object.keys(TYPE_SPELLINGS).sort((a, b) => b.length - a.length);
const DECLARATION = new RegExp(
  String.raw`^(?:(?:__shared__|static|volatile|extern)\s+)*(${SPELLINGS.map((s) => s.replace(/ /g, String.raw`\s+`)).join('|')})\s+([A-Za-z_]\w*)\s*((?:\[\s*\d+\s*\]\s*)+);?$`,
);

/**
 * Reads a C declaration of a shared array, pasted from a kernel: `__shared__ float tile[32][33];`
 * (`__shared__`, `static` and the semicolon may be left out). Its type is one the player knows, and
 * it fits a block: 48 KB declared statically, 227 KB for `extern` (dynamic) memory.
 */
export function parseSharedArray(text: string): Result<SharedArray> {
  const source = typeof text === 'string' ? text.trim().replace(/\s+/g, ' ') : '';
  const match = DECLARATION.exec(source);
  if (!match && /\bextern\b/.test(source) && /\[\s*\]/.test(source))
    return fail(
      'shared',
      'an extern __shared__ array gets its size at launch, which an access does not know: declare it with that size, like __shared__ float smem[1024]',
    );
  if (!match) {
    const typed = /^(?:(?:__shared__|static|volatile|extern)\s+)*([A-Za-z_]\w*)/.exec(source)?.[1];
    if (typed && !(typed in TYPE_SPELLINGS) && !/^(unsigned|signed)$/.test(typed))
      return fail(
        'shared',
        `${typed} is not an element type the player knows (${Object.keys(TYPE_SPELLINGS).slice(0, 12).join(', ')})`,
      );
    return fail(
      'shared',
      `must be a C array declaration like __shared__ float tile[32][33], not "${source.slice(0, 40)}${source.length > 40 ? '…' : ''}"`,
    );
  }
  const type = TYPE_SPELLINGS[match[1].replace(/\s+/g, ' ')];
  const name = match[2];
  const dims = [...match[3].matchAll(/\d+/g)].map((d) => Number(d[0]));
  if (dims.length > MAX_DIMS) return fail('shared', `an array of at most ${MAX_DIMS} dimensions, not ${dims.length}`);
  if (dims.some((d) => d < 1)) return fail('shared', `every dimension of ${name} must be at least 1`);
  const elements = dims.reduce((a, b) => a * b, 1);
  const check = checkSharedBytes(name, elements * getElementBytes(type), /\bextern\b/.test(source));
  if (!check.ok) return check;
  return ok(Object.freeze({ type, name, dims: Object.freeze(dims), elements }));
}

/**
 * Checks that `bytes` of shared memory fit one block: a static array at most 48 KB (CUDA's limit
 * for every GPU), a dynamic one at most 227 KB (compute capability 9.0, once the kernel opts in
 * with `cudaFuncSetAttribute`).
 */
export function checkSharedBytes(name: string, bytes: number, dynamic: boolean): Result<number> {
  if (!dynamic && bytes > MAX_STATIC_SHARED_BYTES)
    return fail(
      'shared',
      `${name} takes ${groupDigits(bytes)} bytes, past the 48 KB (${groupDigits(MAX_STATIC_SHARED_BYTES)} bytes) a block may declare statically; more needs dynamic shared memory (extern __shared__), up to 227 KB on compute capability 9.0`,
    );
  if (dynamic && bytes > MAX_DYNAMIC_SHARED_BYTES)
    return fail(
      'shared',
      `${name} takes ${groupDigits(bytes)} bytes, past the 227 KB (${groupDigits(MAX_DYNAMIC_SHARED_BYTES)} bytes) of dynamic shared memory a block may have on compute capability 9.0`,
    );
  return ok(bytes);
}

/** The element offset of `indices` in `array`, row-major, or the subscript that is out of range. */
export function getSharedOffset(
  array: SharedArray,
  indices: readonly number[],
): { readonly offset: number } | { readonly subscript: number } {
  let offset = 0;
  for (let i = 0; i < array.dims.length; i++) {
    if (indices[i] < 0 || indices[i] >= array.dims[i]) return { subscript: i };
    offset = offset * array.dims[i] + indices[i];
  }
  return { offset };
}
