import { applySwizzle } from '../addressTransforms';
import { evaluateIndex, parseIndexExpression } from '../indexExpression';
import { fail, ok, type Result } from '../result';
import { parseSwizzle } from '../swizzle';
import type { PuzzleAnswerKind } from './puzzleTypes';

/** Where a layout puts each element of a tile: `index[row * cols + col]`, counted in elements. */
export interface PuzzleLayout {
  readonly rows: number;
  readonly cols: number;
  readonly index: readonly number[];
}

/** The field every answer error names. */
export const ANSWER_FIELD = 'answer';

const MAX_PITCH = 4096;

/** The index function's frame, which an answer may type in full or leave out. */
const FUNCTION =
  /^\s*(?:__device__\s+)?(?:__forceinline__\s+)?int\s+at\s*\(\s*int\s+row\s*,\s*int\s+col\s*\)\s*\{\s*([^]*?)\s*\}\s*$/;

/**
 * The expression an index function returns: `row * 33 + col`, `return row * 33 + col;` or the whole
 * `__device__ int at(int row, int col) { return …; }` (one return statement: what the evaluator runs).
 */
function readIndexBody(text: string): Result<string> {
  const body = FUNCTION.exec(text)?.[1] ?? text;
  const statement = /^\s*return\b([^]*?);?\s*$/.exec(body);
  const expression = (statement ? statement[1] : body).trim().replace(/;$/, '');
  if (/;/.test(expression) || /\breturn\b/.test(expression))
    return fail(ANSWER_FIELD, 'write one expression over row and col (the function returns it), like row * 33 + col');
  return ok(expression);
}

/**
 * Reads a learner's answer of the given kind into the layout it makes of a `rows` × `cols` tile:
 * an index function over `row` and `col` (the engine's index-expression evaluator, C's integer
 * rules), a pitch (elements a row takes), or CuTe's `Swizzle<B,M,S>` on the row-major offset.
 */
export function readPuzzleAnswer(
  kind: PuzzleAnswerKind,
  text: string,
  rows: number,
  cols: number,
): Result<PuzzleLayout> {
  const index: number[] = [];
  if (kind === 'pitch') {
    const trimmed = text.trim();
    if (!/^\d{1,5}$/.test(trimmed) || Number(trimmed) < 1 || Number(trimmed) > MAX_PITCH)
      return fail(
        ANSWER_FIELD,
        `write the pitch as a whole number of elements from 1 to ${MAX_PITCH}, like ${cols + 1}`,
      );
    const pitch = Number(trimmed);
    for (let row = 0; row < rows; row++) for (let col = 0; col < cols; col++) index.push(row * pitch + col);
    return ok({ rows, cols, index });
  }
  if (kind === 'swizzle') {
    const inner = /^\s*(?:(?:cute::)?Swizzle\s*<([^>]*)>(?:\s*\{\s*\})?|([^<>]*))\s*$/.exec(text);
    const swizzle = parseSwizzle(inner?.[1] ?? inner?.[2] ?? text);
    if (!swizzle.ok) return fail(ANSWER_FIELD, `Swizzle<B,M,S> ${swizzle.error.reason.replace(/^must be/, 'must be')}`);
    for (let row = 0; row < rows; row++)
      for (let col = 0; col < cols; col++) index.push(applySwizzle(swizzle.value, row * cols + col));
    return ok({ rows, cols, index });
  }
  const body = readIndexBody(text);
  if (!body.ok) return body;
  const parsed = parseIndexExpression(body.value, ['row', 'col']);
  if (!parsed.ok) return fail(ANSWER_FIELD, parsed.error.reason.replace(/\blane\b/, 'row and col'));
  for (let row = 0; row < rows; row++)
    for (let col = 0; col < cols; col++) {
      const value = evaluateIndex(parsed.value, { values: { row, col }, lane: 0 });
      if (!value.ok)
        return fail(ANSWER_FIELD, value.error.reason.replace(/ for lane 0$/, ` at row ${row}, col ${col}`));
      index.push(value.value);
    }
  return ok({ rows, cols, index });
}
