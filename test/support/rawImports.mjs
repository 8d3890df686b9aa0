// Lets Node import `file?raw` the way Vite does (the file's text as the default export), so the
// browser tests can build the lesson's program in Node, as the unit tests do under Vitest.
// Loaded with NODE_OPTIONS=--import ./test/support/rawImports.mjs (see scripts/test.mjs).
import { register } from 'node:module';

register('./rawImportHooks.mjs', import.meta.url);
