import jsep from 'jsep';
import { fail, ok, type Result } from './result';
import { getSharedOffset, type SharedArray } from './sharedArray';

/** An index expression, parsed: C integer arithmetic over named values (`lane`, `threadIdx.x` …). */
export type IndexNode =
  | { readonly kind: 'name'; readonly name: string }
  | { readonly kind: 'number'; readonly value: number; readonly raw: string }
  | { readonly kind: 'unary'; readonly op: '-' | '+' | '~'; readonly of: IndexNode }
  | { readonly kind: 'binary'; readonly op: BinaryOp; readonly left: IndexNode; readonly right: IndexNode }
  /** An element of a shared array, `tile[threadIdx.x][threadIdx.y]`: its row-major offset. */
  | { readonly kind: 'subscript'; readonly array: string; readonly indices: readonly IndexNode[] };

type BinaryOp = '+' | '-' | '*' | '/' | '%' | '&' | '|' | '^' | '<<' | '>>';

const BINARY = new Set<string>(['+', '-', '*', '/', '%', '&', '|', '^', '<<', '>>']);
const UNARY = new Set<string>(['-', '+', '~']);
const MAX_LENGTH = 500;
const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

/** The field every expression error names, as links, forms and lesson files call it. */
const FIELD = 'expr';

/** The values an expression over one warp's lanes may name, unless told otherwise. */
export const LANE_NAMES: readonly string[] = ['lane'];

/** What a kernel's own index may name: the lane, the warp, and the thread's place in its block. */
export const THREAD_NAMES: readonly string[] = [
  'lane',
  'warp',
  'threadIdx.x',
  'threadIdx.y',
  'threadIdx.z',
  'blockDim.x',
  'blockDim.y',
  'blockDim.z',
];

/** How an expression may be read: the names it may use, and whether it may subscript a shared array. */
export interface IndexGrammar {
  readonly names: readonly string[];
  readonly subscripts: boolean;
}

/** A kernel's index: every thread name, and subscripts of the declared shared array. */
export const KERNEL_GRAMMAR: IndexGrammar = Object.freeze({ names: THREAD_NAMES, subscripts: true });

interface JsepNode {
  type: string;
  operator?: string;
  left?: JsepNode;
  right?: JsepNode;
  argument?: JsepNode;
  object?: JsepNode;
  property?: JsepNode;
  computed?: boolean;
  name?: string;
  value?: unknown;
  raw?: string;
}

// C's integer literals as a kernel writes them: decimal, octal (a leading 0) and hexadecimal. jsep
// reads only decimal numbers, and would take 010 for ten; this reads the token whole, and the
// conversion below gives it C's value (or refuses it).
jsep.hooks.add('gobble-token', function (env) {
  const literal = /^(?:0[xX][0-9a-fA-F]+|[0-9]+)(?![\w.])/.exec(this.expr.slice(this.index));
  if (!literal) return;
  this.index += literal[0].length;
  env.node = { type: 'Literal', value: 0, raw: literal[0] } as jsep.Expression;
});

/** A literal's value as C reads it, or why it is none. */
function readLiteral(raw: string): Result<number> {
  let value: number;
  if (/^0[xX][0-9a-fA-F]+$/.test(raw)) value = Number.parseInt(raw.slice(2), 16);
  else if (/^0[0-7]+$/.test(raw)) value = Number.parseInt(raw, 8);
  else if (/^0\d+$/.test(raw))
    return fail(FIELD, `${raw} is no C number: a leading 0 makes it octal, whose digits are 0 to 7`);
  else if (/^\d+$/.test(raw)) value = Number(raw);
  else return fail(FIELD, `${raw} is not a whole number (an index is an integer)`);
  if (value > INT_MAX) return fail(FIELD, `${raw} does not fit a 32-bit int`);
  return ok(value);
}

/** The dotted name of an identifier or member (`lane`, `threadIdx.x`), or `null` for anything else. */
function nameOf(node: JsepNode): string | null {
  if (node.type === 'Identifier') return node.name ?? null;
  if (node.type === 'MemberExpression' && !node.computed && node.property?.type === 'Identifier') {
    const object = nameOf(node.object!);
    return object === null ? null : `${object}.${node.property.name}`;
  }
  return null;
}

/** Names as a sentence lists them, members of one name together ("lane, threadIdx.x/y/z and blockDim.x/y/z"). */
function listNames(names: readonly string[]): string {
  const grouped: string[] = [];
  for (const name of names) {
    const [base, member] = name.split('.');
    const last = grouped.at(-1);
    if (member !== undefined && last?.startsWith(`${base}.`)) grouped[grouped.length - 1] = `${last}/${member}`;
    else grouped.push(name);
  }
  return grouped.length === 1 ? grouped[0] : `${grouped.slice(0, -1).join(', ')} and ${grouped.at(-1)}`;
}

/** `tile[a][b]` as the array's name and its subscripts, outermost first; `null` when it is not one. */
function subscriptsOf(node: JsepNode): { array: string; indices: JsepNode[] } | null {
  if (node.type !== 'MemberExpression' || !node.computed) return null;
  if (node.object?.type === 'Identifier') return { array: node.object.name!, indices: [node.property!] };
  const inner = subscriptsOf(node.object!);
  return inner && { array: inner.array, indices: [...inner.indices, node.property!] };
}

function convert(node: JsepNode, grammar: IndexGrammar): Result<IndexNode> {
  const { names } = grammar;
  switch (node.type) {
    case 'Identifier':
    case 'MemberExpression': {
      const subscripted = grammar.subscripts ? subscriptsOf(node) : null;
      if (subscripted) {
        const indices: IndexNode[] = [];
        for (const index of subscripted.indices) {
          const converted = convert(index, grammar);
          if (!converted.ok) return converted;
          indices.push(converted.value);
        }
        return ok({ kind: 'subscript', array: subscripted.array, indices });
      }
      const name = nameOf(node);
      if (name !== null && names.includes(name)) return ok({ kind: 'name', name });
      if (name === null) break;
      return fail(FIELD, `only ${listNames(names)} can be named in this index expression, not ${name}`);
    }
    case 'Literal': {
      const raw = node.raw ?? String(node.value);
      const value = readLiteral(raw);
      return value.ok ? ok({ kind: 'number', value: value.value, raw }) : value;
    }
    case 'UnaryExpression': {
      if (!UNARY.has(node.operator!)) return fail(FIELD, `${node.operator} is not an integer operator here`);
      const of = convert(node.argument!, grammar);
      return of.ok ? ok({ kind: 'unary', op: node.operator as '-' | '+' | '~', of: of.value }) : of;
    }
    case 'BinaryExpression': {
      if (!BINARY.has(node.operator!))
        return fail(FIELD, `${node.operator} is not one of the operators + − * / % & | ^ ~ << >>`);
      const left = convert(node.left!, grammar);
      if (!left.ok) return left;
      const right = convert(node.right!, grammar);
      if (!right.ok) return right;
      return ok({ kind: 'binary', op: node.operator as BinaryOp, left: left.value, right: right.value });
    }
  }
  return fail(
    FIELD,
    `an index expression holds only numbers, ${listNames(names)}, ${grammar.subscripts ? 'a shared array’s subscripts, ' : ''}+ − * / % & | ^ ~ << >> and parentheses`,
  );
}

/**
 * Parses a C integer expression over `lane` (or the `names` given), like `(lane % 8) * 33 + lane / 8`,
 * with a small expression parser (jsep); anything but integers, those names, the arithmetic and
 * bit operators and parentheses is refused with a reason. Nothing is ever evaluated as code.
 */
export function parseIndexExpression(
  text: string,
  grammar: readonly string[] | IndexGrammar = LANE_NAMES,
): Result<IndexNode> {
  const { names } = Array.isArray(grammar) ? { names: grammar } : (grammar as IndexGrammar);
  if (typeof text !== 'string' || text.trim() === '')
    return fail(FIELD, `write an expression over ${names[0]}, like ${names[0]} * 33`);
  if (text.length > MAX_LENGTH) return fail(FIELD, `an index expression is at most ${MAX_LENGTH} characters`);
  const cast = findCast(text);
  if (cast) return fail(FIELD, cast);
  let tree: JsepNode;
  try {
    tree = jsep(text) as JsepNode;
  } catch (error) {
    const { description, index } = error as { description?: string; index?: number };
    return fail(FIELD, `${description ?? 'cannot be read'} at character ${(index ?? 0) + 1}`);
  }
  return convert(tree, Array.isArray(grammar) ? { names, subscripts: false } : (grammar as IndexGrammar));
}

/**
 * Why a pasted cast cannot be read, and what to write instead: an index here counts elements of the
 * access's type, so `reinterpret_cast<float4*>(smem)[i]` is element `i` with the type set to float4.
 */
function findCast(text: string): string | null {
  const named = /\b(reinterpret_cast|static_cast|const_cast)\s*<\s*(?:const\s+)?([A-Za-z_]\w*)\s*\*\s*>/.exec(text);
  const plain = /\(\s*(?:const\s+)?([A-Za-z_]\w*)\s*\*\s*\)\s*[A-Za-z_(&]/.exec(text);
  const type = named?.[2] ?? plain?.[1];
  if (!type) return null;
  const example = named ? `${named[1]}<${type}*>(p)[i]` : `((${type}*)p)[i]`;
  return `a cast is not taken here: an index counts elements of the type, so for ${example} set the type to ${type} and write i`;
}

/** An expression written back as C, for messages that name the part to blame. */
export function printIndex(node: IndexNode): string {
  const inner = (child: IndexNode) => (child.kind === 'binary' ? `(${printIndex(child)})` : printIndex(child));
  switch (node.kind) {
    case 'name':
      return node.name;
    case 'number':
      return node.raw;
    case 'unary':
      return `${node.op}${inner(node.of)}`;
    case 'binary':
      return `${inner(node.left)} ${node.op} ${inner(node.right)}`;
    case 'subscript':
      return `${node.array}${node.indices.map((i) => `[${printIndex(i)}]`).join('')}`;
  }
}

/** Where an evaluation is: the values of the names, the shared array, and the lane to blame in a message. */
type Scope =
  | number
  | {
      readonly values: Readonly<Record<string, number>>;
      readonly lane: number;
      readonly array?: SharedArray | null;
    };

/**
 * Evaluates a parsed expression for one lane (or a scope of named values) with the integer rules
 * of CUDA C++ as nvcc compiles it (C++17): `/` truncates toward zero, `%` takes the dividend's sign,
 * and what C++ leaves undefined is an error naming the part and the lane: a division by zero,
 * `INT_MIN % -1`, an overflow of `int`, a shift by less than 0 or more than 31, and a left shift
 * of a negative number.
 */
export function evaluateIndex(node: IndexNode, scope: Scope): Result<number> {
  const {
    values,
    lane,
    array = null,
  } = typeof scope === 'number' ? { values: { lane: scope }, lane: scope, array: null } : scope;
  const blame = (reason: string) => fail<number>(FIELD, `"${printIndex(node)}" ${reason} for lane ${lane}`);
  const int = (value: number) =>
    Number.isInteger(value) && value >= INT_MIN && value <= INT_MAX
      ? ok(value + 0) // `+ 0` folds JavaScript's -0 into C's one zero.
      : blame(`overflows a 32-bit int (${value})`);
  switch (node.kind) {
    case 'name':
      return values[node.name] === undefined ? blame('has no value') : ok(values[node.name]);
    case 'number':
      return ok(node.value);
    case 'subscript': {
      if (array === null)
        return fail(
          FIELD,
          `${node.array} is no declared array: declare it in shared (like float ${node.array}[32][33])`,
        );
      if (array.name !== node.array)
        return fail(FIELD, `subscripts ${node.array}, but the shared declaration is of ${array.name}`);
      if (node.indices.length !== array.dims.length)
        return fail(
          FIELD,
          `${node.array} has ${array.dims.length} dimension${array.dims.length === 1 ? '' : 's'}, but "${printIndex(node)}" gives ${node.indices.length} subscript${node.indices.length === 1 ? '' : 's'}`,
        );
      const indices: number[] = [];
      for (const index of node.indices) {
        const value = evaluateIndex(index, scope);
        if (!value.ok) return value;
        indices.push(value.value);
      }
      const place = getSharedOffset(array, indices);
      if ('offset' in place) return ok(place.offset);
      const at = place.subscript;
      return fail(
        FIELD,
        `lane ${lane}: subscript ${at + 1} of "${printIndex(node)}", ${printIndex(node.indices[at])}, is ${indices[at]}, outside 0–${array.dims[at] - 1}`,
      );
    }
    case 'unary': {
      const of = evaluateIndex(node.of, scope);
      if (!of.ok) return of;
      if (node.op === '~') return ok(~of.value);
      return int(node.op === '-' ? -of.value : of.value);
    }
    case 'binary': {
      const l = evaluateIndex(node.left, scope);
      if (!l.ok) return l;
      const r = evaluateIndex(node.right, scope);
      if (!r.ok) return r;
      const [a, b] = [l.value, r.value];
      switch (node.op) {
        case '+':
          return int(a + b);
        case '-':
          return int(a - b);
        case '*':
          return int(a * b);
        case '/':
        case '%':
          if (b === 0) return blame('divides by zero');
          if (a === INT_MIN && b === -1) return blame('overflows a 32-bit int (INT_MIN divided by -1)');
          return int(node.op === '/' ? Math.trunc(a / b) : a % b);
        case '&':
          return ok(a & b);
        case '|':
          return ok(a | b);
        case '^':
          return ok(a ^ b);
        case '<<':
        case '>>':
          if (b < 0 || b > 31) return blame(`shifts by ${b}, outside 0–31`);
          if (node.op === '>>') return ok(a >> b);
          if (a < 0) return blame(`shifts a negative number (${a}) left, which C++17 leaves undefined`);
          return int(a * 2 ** b);
      }
    }
  }
}
