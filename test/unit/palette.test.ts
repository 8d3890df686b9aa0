import { describe, expect, it } from 'vitest';
import { getBankColour, PALETTE } from '../../src/stage/palette';

/** WCAG 2 relative luminance of `0xrrggbb`. */
function luminance(color: number): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((color >> 16) & 255) + 0.7152 * channel((color >> 8) & 255) + 0.0722 * channel(color & 255);
}

const contrast = (a: number, b: number) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('stage text contrast is at least 4.5:1 wherever text is drawn', () => {
  const pairs: [string, number, number][] = [
    ['text on ground', PALETTE.text, PALETTE.ground],
    ['muted text on ground', PALETTE.textMuted, PALETTE.ground],
    ['text on waiting lane', PALETTE.text, PALETTE.panel],
    ['dark text on request token', PALETTE.textOnLight, PALETTE.request],
    ['dark text on serving token and lane', PALETTE.textOnLight, PALETTE.serving],
    ['dark text on served lane', PALETTE.textOnLight, PALETTE.served],
    ['dark text on busiest tag', PALETTE.textOnLight, PALETTE.busiest],
    ['busiest badge on ground', PALETTE.busiest, PALETTE.ground],
    ['inactive lane text', PALETTE.inactiveText, PALETTE.inactive],
  ];
  for (const [name, fg, bg] of pairs) {
    it(name, () => expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5));
  }
});

describe('a bank’s colour in a tile', () => {
  it('is hsl(bank · 360 / banks, 55%, 42%), as CSS converts it, on the page and in the frame alike', () => {
    // CSS: hsl(0 55% 42%) is rgb(166 48 48); hsl(90 55% 42%) is rgb(107 166 48); hsl(225 …) rgb(48 78 166).
    expect(getBankColour(0, 32)).toBe(0xa63030);
    expect(getBankColour(8, 32)).toBe(0x6ba630);
    expect(getBankColour(20, 32)).toBe(0x304ea6);
    // Every bank of 32 a colour of its own.
    expect(new Set(Array.from({ length: 32 }, (_, b) => getBankColour(b, 32))).size).toBe(32);
  });
});
