import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createExpressionAccess,
  evaluateIndex,
  getSchedule,
  KERNEL_GRAMMAR,
  parseIndexExpression,
} from '../../src/engine';

type Tree = { n: number } | { lane: true } | { op: string; of: Tree } | { op: string; l: Tree; r: Tree };

/** C's precedence for the operators an index expression allows (higher binds tighter). */
const PRECEDENCE: Record<string, number> = {
  '*': 5,
  '/': 5,
  '%': 5,
  '+': 4,
  '-': 4,
  '<<': 3,
  '>>': 3,
  '&': 2,
  '^': 1,
  '|': 0,
};

/** Writes a tree as C source, with parentheses only where C's precedence needs them. */
function print(t: Tree, parent = -1, right = false): string {
  if ('n' in t) return String(t.n);
  if ('lane' in t) return 'lane';
  if ('of' in t) return `${t.op}${'l' in t.of || 'of' in t.of ? `(${print(t.of)})` : print(t.of)}`;
  const p = PRECEDENCE[t.op];
  const text = `${print(t.l, p)} ${t.op} ${print(t.r, p, true)}`;
  return p < parent || (p === parent && right) ? `(${text})` : text;
}

const INT_MIN = -(2n ** 31n);
const INT_MAX = 2n ** 31n - 1n;

/** The reference: C++17 semantics in BigInt, with every undefined case an error. */
function reference(t: Tree, lane: bigint): bigint | 'error' {
  if ('n' in t) return BigInt(t.n);
  if ('lane' in t) return lane;
  const check = (v: bigint) => (v < INT_MIN || v > INT_MAX ? 'error' : v);
  if ('of' in t) {
    const v = reference(t.of, lane);
    if (v === 'error') return v;
    return t.op === '~' ? ~v : t.op === '-' ? check(-v) : v;
  }
  const a = reference(t.l, lane);
  const b = reference(t.r, lane);
  if (a === 'error' || b === 'error') return 'error';
  switch (t.op) {
    case '+':
      return check(a + b);
    case '-':
      return check(a - b);
    case '*':
      return check(a * b);
    case '/':
      return b === 0n ? 'error' : check(a / b);
    case '%':
      // INT_MIN % -1 is undefined too: the quotient it comes from overflows.
      return b === 0n || check(a / b) === 'error' ? 'error' : check(a % b);
    case '&':
      return a & b;
    case '|':
      return a | b;
    case '^':
      return a ^ b;
    default:
      if (b < 0n || b > 31n) return 'error';
      if (t.op === '<<' && a < 0n) return 'error';
      return t.op === '<<' ? check(a << b) : a >> b;
  }
}

const leaf: fc.Arbitrary<Tree> = fc.oneof(
  fc.integer({ min: 0, max: 40 }).map((n) => ({ n })),
  fc.constant({ lane: true as const }),
);
const tree: fc.Arbitrary<Tree> = fc.letrec<{ t: Tree }>((tie) => ({
  t: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ op: fc.constantFrom('-', '~'), of: tie('t') }),
    fc.record({ op: fc.constantFrom(...Object.keys(PRECEDENCE)), l: tie('t'), r: tie('t') }),
  ),
})).t;

describe('index expressions', () => {
  it('agree with a C reference on random expressions: precedence, truncation, remainders, shifts, overflow', () => {
    fc.assert(
      fc.property(tree, fc.integer({ min: 0, max: 31 }), (t, lane) => {
        const text = print(t);
        const parsed = parseIndexExpression(text);
        expect(parsed.ok, text).toBe(true);
        if (!parsed.ok) return;
        const ours = evaluateIndex(parsed.value, lane);
        const theirs = reference(t, BigInt(lane));
        if (theirs === 'error') expect(ours.ok, `${text} at lane ${lane}`).toBe(false);
        else expect(ours, `${text} at lane ${lane}`).toEqual({ ok: true, value: Number(theirs) + 0 });
      }),
      { numRuns: 3000 },
    );
  });

  it('C integer semantics: truncating division and signed remainders', () => {
    const at = (text: string, lane = 0) => {
      const parsed = parseIndexExpression(text);
      return parsed.ok ? evaluateIndex(parsed.value, lane) : parsed;
    };
    expect(at('-7 / 2')).toEqual({ ok: true, value: -3 });
    expect(at('-7 % 2')).toEqual({ ok: true, value: -1 });
    expect(at('7 % -2')).toEqual({ ok: true, value: 1 });
    expect(at('1 << 31')).toMatchObject({ ok: false, error: { field: 'expr' } });
    expect(at('lane / (lane - 3)', 3)).toMatchObject({
      ok: false,
      error: { reason: '"lane / (lane - 3)" divides by zero for lane 3' },
    });
    // The part to blame is named as written, not as the values it came to.
    expect(at('lane / 0')).toMatchObject({ ok: false, error: { reason: '"lane / 0" divides by zero for lane 0' } });
  });

  it('C literals: a leading 0 is octal, 0x hexadecimal, and 08 no number at all', () => {
    const at = (text: string, lane = 0) => {
      const parsed = parseIndexExpression(text);
      return parsed.ok ? evaluateIndex(parsed.value, lane) : parsed;
    };
    expect(at('010')).toEqual({ ok: true, value: 8 });
    expect(at('lane + 0x1f', 1)).toEqual({ ok: true, value: 32 });
    expect(at('0')).toEqual({ ok: true, value: 0 });
    expect(at('08')).toMatchObject({ ok: false, error: { reason: expect.stringContaining('octal') } });
    expect(at('lane * 09')).toMatchObject({ ok: false, error: { reason: expect.stringContaining('octal') } });
  });

  it('refuse what C++17 leaves undefined: INT_MIN % -1, and a negative number shifted left', () => {
    const at = (text: string, lane = 0) => {
      const parsed = parseIndexExpression(text);
      return parsed.ok ? evaluateIndex(parsed.value, lane) : parsed;
    };
    expect(at('(-2147483647 - 1) % -1')).toMatchObject({
      ok: false,
      error: { reason: expect.stringContaining('INT_MIN') },
    });
    expect(at('(-2147483647 - 1) / -1')).toMatchObject({ ok: false });
    expect(at('(lane - 1) << 2')).toMatchObject({
      ok: false,
      error: { reason: expect.stringContaining('shifts a negative number (-1) left') },
    });
    expect(at('(lane - 1) >> 1')).toEqual({ ok: true, value: -1 });
    expect(at('lane << 31', 1)).toMatchObject({ ok: false, error: { reason: expect.stringContaining('overflows') } });
  });

  it('refuse what is not an integer expression over lane, saying why', () => {
    const reason = (text: string) => {
      const parsed = parseIndexExpression(text);
      return parsed.ok ? null : parsed.error.reason;
    };
    expect(reason('threadIdx.x * 2')).toMatch(/only lane can be named in this index expression, not threadIdx.x/);
    expect(reason('i * 2')).toMatch(/only lane can be named/);
    expect(reason('lane * 2.5')).toMatch(/not a whole number/);
    expect(reason('lane > 2')).toMatch(/not one of the operators/);
    expect(reason('alert(1)')).toMatch(/only numbers, lane/);
    expect(reason('lane * (2')).toMatch(/at character/);
    expect(reason('')).toMatch(/write an expression/);
    expect(reason('9999999999')).toMatch(/32-bit/);
  });

  it('refuse a pasted cast, saying to set the type and write the index alone', () => {
    for (const [text, type] of [
      ['reinterpret_cast<float4*>(smem)[lane]', 'float4'],
      ['((float4*)smem)[lane * 2]', 'float4'],
      ['reinterpret_cast<const int2 *>(tile)[lane]', 'int2'],
    ]) {
      const parsed = parseIndexExpression(text, KERNEL_GRAMMAR);
      expect(parsed.ok ? null : parsed.error.reason, text).toContain(`set the type to ${type} and write i`);
    }
    // Parentheses around a product are no cast.
    expect(parseIndexExpression('(lane * 2) * 3').ok).toBe(true);
  });

  it('name the names a kernel’s expression may use, a thread’s members together, in one line', () => {
    const parsed = parseIndexExpression('i * 2', KERNEL_GRAMMAR);
    expect(parsed.ok ? null : parsed.error.reason).toBe(
      'only lane, warp, threadIdx.x/y/z and blockDim.x/y/z can be named in this index expression, not i',
    );
  });

  it('make an access: the lesson’s padded column, and words outside memory refused with the lane', () => {
    const access = createExpressionAccess({ expr: 'lane * 33' });
    expect(access.ok && getSchedule(access.value).rounds).toBe(1);
    const mixed = createExpressionAccess({ expr: '(lane % 8) * 33 + lane / 8' });
    expect(mixed.ok && [...mixed.value.slice(0, 10)]).toEqual([0, 33, 66, 99, 132, 165, 198, 231, 1, 34]);
    expect(createExpressionAccess({ expr: 'lane - 1' })).toMatchObject({
      ok: false,
      error: { field: 'expr', reason: expect.stringContaining('lane 0 would read word -1') },
    });
    expect(createExpressionAccess({ expr: 'lane * 100000' })).toMatchObject({ ok: false });
  });
});
