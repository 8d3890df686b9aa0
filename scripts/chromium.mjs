// Where Debian's Chromium is, and the flags it needs on a machine with no network but the registries.
import { existsSync } from 'node:fs';

/**
 * Debian's headless shell: the same Chromium (Blink, V8, ANGLE, codecs) without the browser window
 * and its WebUI that the full `chromium` builds for every Playwright context even when headless.
 * Measured here, a page of the player opened in a fresh context costs 1.75 s of CPU in it against
 * 3.6 s in the full browser (of which 1.2 s in a renderer of its own for the omnibox's popups), and
 * every test opens one. It is what Playwright itself runs headless tests in.
 */
export const CHROMIUM_PACKAGE = 'chromium-headless-shell';

export const chromiumPath = () => process.env.CHROMIUM_PATH || `/usr/bin/${CHROMIUM_PACKAGE}`;

/**
 * Headless, Chromium composites the page through the same software GPU that draws the stage, and
 * the two compete for it: the column read's rounds at 1920×1080 show a frame every 50 ms that way
 * and every 33 ms composited on the CPU (WebGL still runs in SwiftShader). The tests, the
 * benchmarks and the render command get that time back. `bench:playback` measures both.
 */
export const SOFTWARE_COMPOSITING = '--disable-gpu-compositing';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  SOFTWARE_COMPOSITING,
];

export const hasChromium = () => existsSync(chromiumPath());
