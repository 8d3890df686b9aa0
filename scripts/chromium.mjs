// Where Debian's Chromium is, and the flags it needs on a machine with no network but the registries.
import { existsSync } from 'node:fs';

export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

export const hasChromium = () => existsSync(chromiumPath());
