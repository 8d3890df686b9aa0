import type { PpToken } from './lexPreprocessorTokens';
import { BINARY_PRECEDENCE } from '../binaryPrecedence';

/** A value of an `#if` expression: intmax_t or uintmax_t, 64 bits, as GCC computes them. */
interface Value {
  readonly v: bigint;
  readonly unsigned: boolean;
}

class ConditionError extends Error {
  constructor(
    readonly at: PpToken,
    message: string,
  ) {
    super(message);
  }
}

const wrap = (v: bigint, unsigned: boolean): Value => ({
  v: unsigned ? BigInt.asUintN(64, v) : BigInt.asIntN(64, v),
  unsigned,
});

/** An integer literal's value: decimal, octal, hex or binary, with `u`/`l` suffixes and `'` separators. */
function readNumber(t: PpToken): Value {
  const m = /^(0[xX][0-9a-fA-F']+|0[bB][01']+|[0-9']+)([uUlL]*)$/.exec(t.text);
  if (!m || /[.eEpP]/.test(t.text.replace(/^0[xX].*/, '')) || !/^(u?l{0,2}|l{0,2}u?)$/i.test(m[2]))
    throw new ConditionError(t, `${t.text} is not an integer: #if computes with whole numbers only`);
  const digits = m[1].replace(/'/g, '');
  const v = /^0[0-7]+$/.test(digits) ? BigInt(`0o${digits.slice(1)}`) : BigInt(digits);
  const unsigned = /u/i.test(m[2]) || v > 0x7fffffffffffffffn;
  return wrap(v, unsigned);
}

const ESCAPES: Readonly<Record<string, number>> = {
  n: 10,
  t: 9,
  r: 13,
  '0': 0,
  a: 7,
  b: 8,
  f: 12,
  v: 11,
  '\\': 92,
  "'": 39,
  '"': 34,
  '?': 63,
};

function readChar(t: PpToken): Value {
  const body = t.text.slice(t.text.indexOf("'") + 1, -1);
  if (body.length === 1) return wrap(BigInt(body.charCodeAt(0)), false);
  if (body[0] === '\\' && body.length === 2 && body[1] in ESCAPES) return wrap(BigInt(ESCAPES[body[1]]), false);
  if (/^\\x[0-9a-fA-F]+$/.test(body)) return wrap(BigInt(`0x${body.slice(2)}`), false);
  if (/^\\[0-7]{1,3}$/.test(body)) return wrap(BigInt(`0o${body.slice(1)}`), false);
  throw new ConditionError(t, `${t.text}: #if reads single characters only`);
}

class Parser {
  private i = 0;
  constructor(
    private readonly tokens: readonly PpToken[],
    private readonly directive: PpToken,
  ) {}

  private peek = () => this.tokens[this.i];
  private fail(message: string): never {
    throw new ConditionError(this.peek() ?? this.directive, message);
  }

  parse(): Value {
    const v = this.conditional();
    if (this.peek())
      this.fail(`${this.peek().text} is not expected here in #${this.directive.text}: an operator is missing`);
    return v;
  }

  private conditional(): Value {
    const test = this.binary(1);
    if (this.peek()?.text !== '?') return test;
    this.i++;
    const a = this.comma();
    if (this.peek()?.text !== ':') this.fail('the ? in this #if has no : after it: add the : and the value when false');
    this.i++;
    const b = this.conditional();
    const unsigned = a.unsigned || b.unsigned;
    return wrap(test.v !== 0n ? a.v : b.v, unsigned);
  }

  private comma(): Value {
    let v = this.conditional();
    while (this.peek()?.text === ',') {
      this.i++;
      v = this.conditional();
    }
    return v;
  }

  private binary(min: number): Value {
    let left = this.unary();
    for (;;) {
      const op = this.peek();
      const precedence = op ? BINARY_PRECEDENCE[op.text] : undefined;
      if (!op || op.kind !== 'punct' || precedence === undefined || precedence < min) return left;
      this.i++;
      const right = this.binary(precedence + 1);
      left = apply(op, left, right);
    }
  }

  private unary(): Value {
    const t = this.peek();
    if (!t) this.fail(`#${this.directive.text} ends where a value is expected: finish the condition`);
    this.i++;
    if (t.text === '(') {
      const v = this.comma();
      if (this.peek()?.text !== ')') this.fail('a ( in this #if is not closed: add the missing )');
      this.i++;
      return v;
    }
    if (t.text === '-' || t.text === '+' || t.text === '~' || t.text === '!') {
      const v = this.unary();
      if (t.text === '!') return wrap(v.v === 0n ? 1n : 0n, false);
      return wrap(t.text === '-' ? -v.v : t.text === '~' ? ~v.v : v.v, v.unsigned);
    }
    if (t.kind === 'number') return readNumber(t);
    if (t.kind === 'char') return readChar(t);
    // A name left after expansion is 0, as C says (C++'s true is 1).
    if (t.kind === 'name') return wrap(t.text === 'true' ? 1n : 0n, false);
    throw new ConditionError(
      t,
      `${t.text} cannot be computed in #${this.directive.text}: it takes integers, macros and defined(NAME)`,
    );
  }
}

function apply(op: PpToken, a: Value, b: Value): Value {
  const unsigned = a.unsigned || b.unsigned;
  const x = unsigned ? BigInt.asUintN(64, a.v) : a.v;
  const y = unsigned ? BigInt.asUintN(64, b.v) : b.v;
  const truth = (c: boolean) => wrap(c ? 1n : 0n, false);
  switch (op.text) {
    case '*':
      return wrap(x * y, unsigned);
    case '/':
    case '%':
      if (y === 0n)
        throw new ConditionError(op, `division by zero in #if: check the macros this ${op.text} divides by`);
      return wrap(op.text === '/' ? x / y : x % y, unsigned);
    case '+':
      return wrap(x + y, unsigned);
    case '-':
      return wrap(x - y, unsigned);
    case '<<':
      return wrap(y >= 64n || y < 0n ? 0n : x << y, a.unsigned);
    case '>>':
      return wrap(y >= 64n || y < 0n ? (x < 0n ? -1n : 0n) : x >> y, a.unsigned);
    case '<':
      return truth(x < y);
    case '>':
      return truth(x > y);
    case '<=':
      return truth(x <= y);
    case '>=':
      return truth(x >= y);
    case '==':
      return truth(x === y);
    case '!=':
      return truth(x !== y);
    case '&':
      return wrap(x & y, unsigned);
    case '^':
      return wrap(x ^ y, unsigned);
    case '|':
      return wrap(x | y, unsigned);
    case '&&':
      return truth(x !== 0n && y !== 0n);
    default:
      return truth(x !== 0n || y !== 0n);
  }
}

/**
 * An `#if`/`#elif` line's tokens, macros already expanded and `defined` already replaced,
 * computed as C does: true when not zero; or the token at fault and why.
 */
export function evaluateCondition(
  tokens: readonly PpToken[],
  directive: PpToken,
):
  | { readonly ok: true; readonly value: boolean }
  | { readonly ok: false; readonly at: PpToken; readonly message: string } {
  if (tokens.length === 0)
    return {
      ok: false,
      at: directive,
      message: `#${directive.text} needs a condition: write an integer expression after it`,
    };
  try {
    return { ok: true, value: new Parser(tokens, directive).parse().v !== 0n };
  } catch (error) {
    if (error instanceof ConditionError) return { ok: false, at: error.at, message: error.message };
    throw error;
  }
}
