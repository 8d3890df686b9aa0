// Installs a Debian package a test needs when it is missing: as root with apt-get, otherwise it
// stops with one line saying how. Browser downloads and other installers fail here; apt works.
import { execSync } from 'node:child_process';

/**
 * Makes sure `pkg` is installed, as `isThere()` tells; `what` names it in the messages, and `orElse`
 * says what else would do (`or set CHROMIUM_PATH`). Exits the process with status 1 when it cannot be.
 */
export function ensureDebianPackage(pkg, isThere, what, orElse = '') {
  if (isThere()) return;
  if (process.getuid?.() !== 0) {
    const also = orElse ? ` (${orElse})` : '';
    console.error(`${what} is missing: run \`sudo apt-get install -y ${pkg}\`${also}, then test again.`);
    process.exit(1);
  }
  console.log(`${what} is missing: installing Debian’s ${pkg} package…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`apt-get update -qq && apt-get install -y -qq ${pkg}`, { stdio: 'inherit', env });
  if (!isThere()) {
    console.error(`apt-get finished, but ${what} is still missing.`);
    process.exit(1);
  }
}
