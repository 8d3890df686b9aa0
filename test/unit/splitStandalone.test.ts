import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitStandalone } from '../../src/stage/splitStandalone';

const graphemes = (text: string) => [...new Intl.Segmenter().segment(text)].map((s) => s.segment);

/** Every BMP character the plain split takes. */
const standalone = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter(
  (char) => splitStandalone(char) !== null,
);

describe('splitStandalone', () => {
  it('takes the lesson’s characters: ASCII, ·, ×, –, —, ’, “”, →, ≤, ≈, −, …, ⌊⌋', () => {
    const caption = 'L0 · word 0 · bank 0 — 32 × 4 B “rounds” → ≤ ≈ − … ⌊e·s/4⌋ isn’t\nbuf[lane / 2] = value;';
    expect(splitStandalone(caption)).toEqual(graphemes(caption));
  });

  it('leaves to the segmenter what Unicode may join: combining marks, joiners, selectors, emoji, Hangul, CR LF', () => {
    for (const text of [
      'e\u0301',
      'a\u200db',
      '\u2764\ufe0f',
      '\u{1F9D1}\u200d\u{1F4BB}',
      '\u1100\u1161',
      'a\r\nb',
      'soft\u00adhyphen',
    ])
      expect(splitStandalone(text)).toBeNull();
  });

  it('each character it takes is a grapheme cluster of its own beside a letter and beside itself', () => {
    expect(standalone.length).toBeGreaterThan(2000);
    for (const char of standalone)
      expect(graphemes(`x${char}${char}x`), char.codePointAt(0)!.toString(16)).toHaveLength(4);
  });

  it('splits any mixture of them exactly as Intl.Segmenter does', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...standalone), { maxLength: 40 }), (chars) => {
        const text = chars.join('');
        expect(splitStandalone(text)).toEqual(graphemes(text));
      }),
    );
  });
});
