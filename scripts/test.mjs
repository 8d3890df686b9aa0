// The README's test command: type-check, lint, unit tests, then real-browser tests on the built page.
import { spawnSync } from 'node:child_process';

// The browser tests build the lesson in Node too, and the lesson imports its CUDA listing as text.
const RAW_IMPORTS = [process.env.NODE_OPTIONS, '--import ./test/support/rawImports.mjs'].filter(Boolean).join(' ');

const steps = [
  ['type-check', 'npx', ['tsc', '--noEmit']],
  ['lint', 'npx', ['eslint', '.']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['unit tests', 'npx', ['vitest', 'run']],
  ['chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['browser tests', 'npx', ['playwright', 'test'], { NODE_OPTIONS: RAW_IMPORTS }],
];

const began = Date.now();
for (const [name, command, args, env = {}] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${status}).`);
    process.exit(status || 1);
  }
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - began) / 1000).toFixed(0)} s.`);
