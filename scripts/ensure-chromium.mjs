// Makes sure Debian's headless Chromium is there for the browser tests: installs it when running as
// root, otherwise stops with one line saying how. Browser downloads (playwright install) fail here.
import { execSync } from 'node:child_process';
import { CHROMIUM_PACKAGE, chromiumPath, hasChromium } from './chromium.mjs';

if (!hasChromium()) {
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, but there is no browser there.`);
    process.exit(1);
  }
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing: run \`sudo apt-get install -y ${CHROMIUM_PACKAGE}\` (or set CHROMIUM_PATH), then test again.`,
    );
    process.exit(1);
  }
  console.log(`Chromium is missing: installing Debian’s ${CHROMIUM_PACKAGE} package…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`apt-get update -qq && apt-get install -y -qq ${CHROMIUM_PACKAGE}`, { stdio: 'inherit', env });
  if (!hasChromium()) {
    console.error(`apt-get finished, but ${chromiumPath()} is still missing.`);
    process.exit(1);
  }
}
console.log(`Browser tests use ${chromiumPath()}.`);
