// Pages that embed the player, served from two other origins (loopback ports) than the player's:
// a course page and a stranger (see testPorts.mjs). Files come from test/host, with
// %PLAYER%, %HOST% and %THIRD% replaced by those origins; /reveal/ serves reveal.js from node_modules.
import { join } from 'node:path';
import { serveFiles } from './serveFiles.mjs';
import { HOST_ORIGIN, PLAYER_ORIGIN, TEST_PORTS, THIRD_ORIGIN } from './testPorts.mjs';

const PORTS = [TEST_PORTS.host, TEST_PORTS.third];

const locate = (path) =>
  path.startsWith('/reveal/')
    ? { file: join('node_modules/reveal.js/dist', path.slice('/reveal/'.length)) }
    : {
        file: join('test/host', path === '/' ? 'index.html' : path),
        rewrite: (body) =>
          body
            .toString()
            .replaceAll('%PLAYER%', `${PLAYER_ORIGIN}/`)
            .replaceAll('%HOST%', HOST_ORIGIN)
            .replaceAll('%THIRD%', THIRD_ORIGIN),
      };

for (const port of PORTS) serveFiles(port, locate);
