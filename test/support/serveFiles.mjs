// The test servers' one way of answering a request with a file (see playerServer.mjs, hostServer.mjs).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.yaml': 'text/yaml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  // Kernel mode's C++ parser: compiled as it streams in only when served as WebAssembly.
  '.wasm': 'application/wasm',
};

/**
 * Serves files on 127.0.0.1:`port`. `locate(path)` names the file for a request's path and the
 * headers to send beside its type, and may rewrite its body; a path with `..` gets 400, a file that
 * cannot be read 404.
 *
 * @param {number} port
 * @param {(path: string) => { file: string, headers?: Record<string, string>, rewrite?: (body: Buffer) => string | Buffer }} locate
 */
export function serveFiles(port, locate) {
  createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
    if (path.includes('..')) return response.writeHead(400).end();
    const { file, headers = {}, rewrite = (body) => body } = locate(path);
    try {
      const body = rewrite(await readFile(file));
      response
        .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...headers })
        .end(body);
    } catch {
      response.writeHead(404).end('not found');
    }
  }).listen(port, '127.0.0.1');
}
