// The built player (dist/) for the browser tests, as a static site at 127.0.0.1:4317
// (TEST_PORT moves it). Not `vite
// preview`: it compresses every response, about 18 s of CPU over a run of the suite on two cores,
// where the pages come from this machine's own disk.
import { join } from 'node:path';
import { serveFiles } from './serveFiles.mjs';
import { TEST_PORTS } from './testPorts.mjs';

serveFiles(TEST_PORTS.player, (path) => ({
  file: join('dist', path.endsWith('/') ? `${path}index.html` : path),
  headers: {
    // Course pages on other origins load the web component's module from here, as `vite preview` allows.
    'access-control-allow-origin': '*',
    // Built assets are named by their hash: a reload or a frame in the same test reuses them, and
    // the compiled code V8 cached with them, instead of fetching and compiling them again.
    'cache-control': /^\/assets\/[^/]+-[\w-]{8}\.\w+$/.test(path) ? 'max-age=31536000, immutable' : 'no-cache',
  },
}));
