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

/**
 * The features Playwright 1.65.1 disables for every Chromium it launches. Chromium keeps only the
 * last `--disable-features` it is given, so ours has to carry Playwright's too;
 * `test/browser/chromiumFlags.spec.ts` reads the running browser's command line and fails when
 * Playwright's list has a name this one lacks.
 */
const PLAYWRIGHT_DISABLES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium still builds a browser window for every Playwright context, and with it the
 * omnibox's WebUI popups in a renderer of their own, kept ready whether or not anything asks:
 * measured, 1.2 s of CPU for that renderer and 0.4 s more in the browser process per context, on
 * top of the player's own 1.1 s. Every test opens a context, and nothing here uses the omnibox.
 */
const BROWSER_UI_WE_NEVER_SHOW = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  'PreloadTopChromeWebUI',
];

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
  `--disable-features=${[...PLAYWRIGHT_DISABLES, ...BROWSER_UI_WE_NEVER_SHOW].join(',')}`,
];

export const hasChromium = () => existsSync(chromiumPath());
