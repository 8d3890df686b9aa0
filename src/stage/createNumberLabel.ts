import { BitmapFont, BitmapText, DynamicBitmapFont } from 'pixi.js';
import { MONO } from './createLabel';

const DIGITS = 'stage-digits';

/** The size the digits are drawn at once, in pixels; mipmaps keep them smooth at any smaller size. */
const DRAWN_SIZE = 64;

/**
 * The atlas page's side before its resolution: thirteen glyphs at {@link DRAWN_SIZE} fill most of it.
 * Pixi's default, twice as wide, made a page three quarters empty, uploaded and mipmapped by every
 * page load.
 */
const PAGE_SIZE = 256;

let installed = false;

/**
 * The stage's numbers (lanes, banks, queue counts, words) share one glyph atlas, drawn in white
 * and coloured by tint.
 *
 * @remarks
 * A canvas text is a texture of its own: a changed count is drawn on a 2D canvas and uploaded
 * again, and a step to another round changes dozens at once. From one atlas a change is only a
 * new layout, and the numbers batch with the shapes around them: far fewer draw calls, and far fewer
 * dropped frames under software WebGL (`bench:playback`; figures in docs/performance.md).
 * Installed on first use, after the bundled fonts have loaded.
 */
function installDigits(): void {
  if (installed) return;
  installed = true;
  // Pixi's install takes no page size: the dynamic font's default is where it is set.
  const pageSize = DynamicBitmapFont.defaultOptions.textureSize;
  DynamicBitmapFont.defaultOptions.textureSize = PAGE_SIZE;
  BitmapFont.install({
    name: DIGITS,
    style: { fontFamily: MONO, fontWeight: '600', fontSize: DRAWN_SIZE, fill: 0xffffff },
    // The round counter's "4 / 32" too ('?' while a question about the count is open).
    chars: [['0', '9'], ' /?'],
    resolution: 2,
  });
  DynamicBitmapFont.defaultOptions.textureSize = pageSize;
}

/** A centred number in the stage's monospaced font, at `size` pixels, in `color`. */
export function createNumberLabel(text: string, size: number, color: number): BitmapText {
  installDigits();
  const label = new BitmapText({ text, style: { fontFamily: DIGITS, fontSize: size } });
  label.anchor.set(0.5);
  label.tint = color;
  return label;
}

/** Changes a number's text, colour or size only when they differ, since a text change lays it out again. */
export function setNumberLabel(label: BitmapText, change: { text?: string; color?: number; size?: number }): void {
  if (change.text !== undefined && label.text !== change.text) label.text = change.text;
  if (change.color !== undefined && label.tint !== change.color) label.tint = change.color;
  if (change.size !== undefined && label.style.fontSize !== change.size) label.style.fontSize = change.size;
}
