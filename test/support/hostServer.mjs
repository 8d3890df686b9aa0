// Pages that embed the player, served from two other origins (loopback ports) than the player's:
// a course page at HOST_PORT and a stranger at THIRD_PORT. Files come from test/host, with
// %PLAYER% replaced by the player's address; /reveal/ serves reveal.js from node_modules.
import { join } from 'node:path';
import { serveFiles } from './serveFiles.mjs';

const PLAYER = process.env.PLAYER_URL ?? 'http://127.0.0.1:4317/';
const PORTS = [Number(process.env.HOST_PORT ?? 4318), Number(process.env.THIRD_PORT ?? 4319)];

const locate = (path) =>
  path.startsWith('/reveal/')
    ? { file: join('node_modules/reveal.js/dist', path.slice('/reveal/'.length)) }
    : {
        file: join('test/host', path === '/' ? 'index.html' : path),
        rewrite: (body) => body.toString().replaceAll('%PLAYER%', PLAYER),
      };

for (const port of PORTS) serveFiles(port, locate);
