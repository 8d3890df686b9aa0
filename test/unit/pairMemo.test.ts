import { describe, expect, it } from 'vitest';
import { PairMemo } from '../../src/engine/kernel/PairMemo';

const ALL = -1;

describe('PairMemo: a compiled operation’s results by its operands', () => {
  it('gives the result kept for the same two operands and mask', () => {
    const memo = new PairMemo<object, object, string>();
    const a = {};
    const b = {};
    memo.set(a, b, ALL, 'a+b');
    expect(memo.get(a, b, ALL)).toBe('a+b');
  });

  it('gives nothing for the same operands under another mask', () => {
    const memo = new PairMemo<object, object, string>();
    const a = {};
    const b = {};
    memo.set(a, b, ALL, 'a+b');
    expect(memo.get(a, b, 0xffff)).toBeUndefined();
  });

  it('keeps nothing more once it has found fewer than half of its first 256 tries', () => {
    const memo = new PairMemo<object, object, number>();
    const kept = [{}, {}] as const;
    memo.set(kept[0], kept[1], ALL, 1);
    for (let i = 0; i < 256; i++) memo.set({}, {}, ALL, memo.get({}, {}, ALL) ?? i);
    expect(memo.get(kept[0], kept[1], ALL)).toBeUndefined();
  });

  it('keeps its pairs while most tries find one', () => {
    const memo = new PairMemo<object, object, number>();
    const a = {};
    const b = {};
    memo.set(a, b, ALL, 7);
    for (let i = 0; i < 300; i++) memo.get(a, b, ALL);
    expect(memo.get(a, b, ALL)).toBe(7);
  });
});
