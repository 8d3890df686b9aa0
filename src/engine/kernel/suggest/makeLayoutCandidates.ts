import { ELEMENT_BYTES } from '../../elementTypes';
import type { SharedArrayPlacement } from '../kernelReport';
import type { ArrayUses, SourceEdit, SourceSpan } from './findArrayUses';

/** A layout change of one array, as the edits of the source that make it. */
export interface LayoutCandidate {
  readonly array: string;
  /** `pad`: rows made longer; `swizzle`: a row's columns XORed by the row; `combined`: several arrays' best together. */
  readonly kind: 'pad' | 'swizzle' | 'combined';
  /** Elements added to each row (0 for a swizzle). */
  readonly pad: number;
  /** What it does in words, without its cost: `pad tile by 1 float`, `swizzle tile: column ^ row`. */
  readonly title: string;
  readonly edits: readonly SourceEdit[];
}

/** Pads tried on every array, in elements. */
const PADS = [1, 2, 3, 4, 5, 6, 7, 8];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const isPowerOfTwo = (n: number) => n >= 2 && (n & (n - 1)) === 0;

/** A size expression with `pad` added, written as a person would (`32` → `33`, `TILE_DIM` → `TILE_DIM + 1`). */
function addTo(size: SourceSpan, pad: number): SourceEdit {
  const text = /^\d+$/.test(size.text)
    ? String(Number(size.text) + pad)
    : /^[\w\s*/%+-]+$/.test(size.text)
      ? `${size.text} + ${pad}`
      : `(${size.text}) + ${pad}`;
  return { start: size.start, end: size.end, text };
}

/**
 * The pads worth trying on an array: 1 to 8 elements, and 16 and 32 bytes' worth where an access
 * of it is wider than its element (a `float4` read of a `float` tile needs rows that keep 16-byte
 * alignment, which only such pads do).
 */
function getPads(placement: SharedArrayPlacement, widest: number): number[] {
  const element = ELEMENT_BYTES[placement.type];
  const pads = new Set(PADS);
  if (widest > element) for (const bytes of [16, 32]) if (bytes % element === 0) pads.add(bytes / element);
  return [...pads].sort((a, b) => a - b);
}

/**
 * The candidates for one array: padding its innermost dimension (its declaration, or for a
 * one-dimensional array the `#define` of its row pitch), and for a tile of two or more dimensions
 * whose rows are a power of two long, an XOR swizzle of the column by the row through a
 * `__device__` index function. An array with uses the check cannot rewrite gets none.
 */
export function makeLayoutCandidates(
  uses: ArrayUses,
  placement: SharedArrayPlacement,
  widest: number,
  source: string,
): LayoutCandidate[] {
  if (uses.pointers.length > 0) return [];
  const type = placement.declared;
  const candidates: LayoutCandidate[] = [];
  const pads = getPads(placement, widest);
  const innermost = uses.dims.at(-1);
  if (uses.dims.length > 1 && innermost) {
    for (const pad of pads)
      candidates.push({
        array: uses.name,
        kind: 'pad',
        pad,
        title: `pad ${uses.name} by ${plural(pad, type)}`,
        edits: [addTo(innermost, pad)],
      });
  } else
    for (const macro of uses.pitchMacros)
      for (const pad of pads)
        candidates.push({
          array: uses.name,
          kind: 'pad',
          pad,
          title: `pad ${uses.name}'s rows (${macro.name}) by ${plural(pad, type)}`,
          edits: [{ start: macro.valueSpan.start, end: macro.valueSpan.end, text: String(macro.value + pad) }],
        });
  const swizzle = makeSwizzle(uses, placement, source);
  if (swizzle) candidates.push(swizzle);
  return candidates;
}

/**
 * `a[r][c]` → `a[r][aSwizzle(r, c)]` at every access, with the function before the array's kernel:
 * only where every use is a plain element access (a wider read through an element's address would
 * read columns the swizzle moved apart) and no subscript has a side effect to repeat.
 */
function makeSwizzle(uses: ArrayUses, placement: SharedArrayPlacement, source: string): LayoutCandidate | null {
  const columns = uses.width;
  if (uses.dims.length < 2 || !columns || !isPowerOfTwo(placement.dims.at(-1) ?? 0)) return null;
  if (uses.subscripts.some((s) => s.addressed || s.effects) || uses.subscripts.length === 0) return null;
  let name = `${uses.name}Swizzle`;
  while (new RegExp(`\\b${name}\\b`).test(source)) name += '_';
  const edits: SourceEdit[] = uses.subscripts.map((s) => {
    const row = s.indices.at(-2)!;
    const column = s.indices.at(-1)!;
    return { start: column.start, end: column.end, text: `${name}(${row.text}, ${column.text})` };
  });
  const lineStart = source.lastIndexOf('\n', uses.insertAt - 1) + 1;
  const atTop = source.slice(lineStart, uses.insertAt).trim() === '';
  const fn =
    `// ${uses.name}[r][c] is kept at column c ^ (r % ${columns}): each row's columns in another order, so a column spreads over the banks.\n` +
    `__device__ __forceinline__ int ${name}(int row, int column) { return column ^ (row % ${columns}); }\n`;
  edits.push(
    atTop
      ? { start: lineStart, end: lineStart, text: `${fn}\n` }
      : { start: uses.insertAt, end: uses.insertAt, text: `\n${fn}` },
  );
  return { array: uses.name, kind: 'swizzle', pad: 0, title: `swizzle ${uses.name}: column ^ row`, edits };
}

/** The source with each edit made (edits do not overlap). */
export function applySourceEdits(source: string, edits: readonly SourceEdit[]): string {
  let out = source;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

const countLines = (text: string) => text.split('\n').length - 1;

/** Where a line of the source is once the edits are made: moved down by the lines inserted above it. */
export function getEditedLine(source: string, edits: readonly SourceEdit[], line: number): number {
  let start = 0;
  for (let l = 1; l < line && start >= 0; l++) start = source.indexOf('\n', start) + 1 || -1;
  if (start < 0) return line;
  return edits
    .filter((e) => e.start < start)
    .reduce((at, e) => at + countLines(e.text) - countLines(source.slice(e.start, e.end)), line);
}
