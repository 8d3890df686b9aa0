// Pages that embed the player, served from two other origins (loopback ports) than the player's:
// a course page at HOST_PORT and a stranger at THIRD_PORT. Files come from test/host, with
// %PLAYER% replaced by the player's address; /reveal/ serves reveal.js from node_modules.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const PLAYER = process.env.PLAYER_URL ?? 'http://127.0.0.1:4317/';
const PORTS = [Number(process.env.HOST_PORT ?? 4318), Number(process.env.THIRD_PORT ?? 4319)];
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css' };

async function serve(request, response) {
  const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
  const file = path.startsWith('/reveal/')
    ? join('node_modules/reveal.js/dist', path.slice('/reveal/'.length))
    : join('test/host', path === '/' ? 'index.html' : path);
  if (path.includes('..')) return response.writeHead(400).end();
  try {
    let body = await readFile(file);
    if (file.startsWith('test/host')) body = body.toString().replaceAll('%PLAYER%', PLAYER);
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    response.writeHead(404).end('not found');
  }
}

for (const port of PORTS) createServer(serve).listen(port, '127.0.0.1');
