// Where Debian's Chromium is, and the flags it needs on a machine with no network but the registries.
import { existsSync } from 'node:fs';

export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Headless, Chromium composites the page through the same software GPU that draws the stage: a
 * blank 1920×1080 WebGL canvas then shows at 30 fps on two cores. Composited on the CPU instead
 * (WebGL still runs in SwiftShader), it shows at 60, and the tests, the benchmarks and the render
 * command get that time back. `bench:playback` measures both.
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
