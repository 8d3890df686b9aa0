/**
 * Stage colours: the Okabe–Ito palette, chosen to stay distinct under the common colour-vision
 * deficiencies, on a dark ground. Every text colour meets 4.5:1 against the fill it sits on
 * (checked in test/unit/palette.test.ts).
 */
export const PALETTE = Object.freeze({
  ground: 0x0d1117,
  panel: 0x161b22,
  rule: 0x3d444d,
  text: 0xe6edf3,
  textMuted: 0x9da7b3,
  textOnLight: 0x0d1117,
  /** Requests waiting (sky blue). */
  request: 0x56b4e9,
  /** The word a bank serves this round (orange). */
  serving: 0xe69f00,
  /** Lanes that have their word (bluish green). */
  served: 0x009e73,
  /** The bank(s) that set the round count (reddish purple). */
  busiest: 0xcc79a7,
  /** What the caption points at (yellow): a ring, never a fill, so state colours stay readable. */
  pointer: 0xf0e442,
  /** A store that races with another lane's (vermillion), drawn as a diamond beside the lane. */
  race: 0xd55e00,
  inactive: 0x21262d,
  inactiveText: 0x9da7b3,
});

/**
 * A hue per bank, so the same bank reads the same colour in every row of a tile, on the page and in
 * the frame: hsl(bank · 360 / banks, 55%, 42%), as a number.
 */
export function getBankColour(bank: number, banks: number): number {
  const hue = (bank / banks) * 12;
  const [s, l] = [0.55, 0.42];
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return (channel(0) << 16) | (channel(8) << 8) | channel(4);
}

/** A stage colour as the page writes it in CSS: `#rrggbb`. */
export const toCss = (colour: number) => `#${colour.toString(16).padStart(6, '0')}`;
