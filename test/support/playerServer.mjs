// The built player (dist/) for the browser tests, as a static site at 127.0.0.1:4317. Not `vite
// preview`: it compresses every response, about 18 s of CPU over a run of the suite on two cores,
// where the pages come from this machine's own disk.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const PORT = Number(process.env.PLAYER_PORT ?? 4317);
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.yaml': 'text/yaml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

createServer(async (request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
  if (path.includes('..')) return response.writeHead(400).end();
  const file = join('dist', path.endsWith('/') ? `${path}index.html` : path);
  try {
    const body = await readFile(file);
    response
      .writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        // Course pages on other origins load the web component's module from here, as `vite preview` allows.
        'access-control-allow-origin': '*',
        // Built assets are named by their hash: a reload or a frame in the same test reuses them, and
        // the compiled code V8 cached with them, instead of fetching and compiling them again.
        'cache-control': /^\/assets\/[^/]+-[\w-]{8}\.\w+$/.test(path) ? 'max-age=31536000, immutable' : 'no-cache',
      })
      .end(body);
  } catch {
    response.writeHead(404).end('not found');
  }
}).listen(PORT, '127.0.0.1');
