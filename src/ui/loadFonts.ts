// Latin only, the weights the page and the stage use: every character of the lesson's text is in it
// (a lesson file's others fall back to the system's fonts); Inter's four weights are one variable face.
// The packages' full sheets declared 40 faces across seven scripts, which Chromium matched on the
// page's first style pass, every load.
import './fonts.css';

const FACES = [
  '400 20px Inter',
  '500 20px Inter',
  '600 20px Inter',
  '700 20px Inter',
  '500 20px "JetBrains Mono"',
  '600 20px "JetBrains Mono"',
];

/**
 * Loads the bundled fonts before any Pixi text exists.
 *
 * @remarks
 * Pixi measures text once, when it is made; text made before its font arrives keeps the fallback
 * font's metrics for good.
 */
export async function loadFonts(): Promise<void> {
  await Promise.all(FACES.map((face) => document.fonts.load(face, 'L0123456789 Round')));
}
