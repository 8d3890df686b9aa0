// Makes sure Debian's headless Chromium is there for the browser tests: installs it when running as
// root, otherwise stops with one line saying how. Browser downloads (playwright install) fail here.
import { ensureDebianPackage } from './aptInstall.mjs';
import { CHROMIUM_PACKAGE, chromiumPath, hasChromium } from './chromium.mjs';

if (!hasChromium() && process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, but there is no browser there.`);
  process.exit(1);
}
ensureDebianPackage(CHROMIUM_PACKAGE, hasChromium, 'Chromium', 'or set CHROMIUM_PATH');
console.log(`Browser tests use ${chromiumPath()}.`);
