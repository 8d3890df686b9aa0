// The README's test command: type-check, lint and format check side by side, unit tests, then
// real-browser tests on the built page.
import { spawn, spawnSync } from 'node:child_process';

// The browser tests build the lesson in Node too, and the lesson imports its CUDA listing as text.
const RAW_IMPORTS = [process.env.NODE_OPTIONS, '--import ./test/support/rawImports.mjs'].filter(Boolean).join(' ');

/**
 * Checks that each keep one core busy: run together, each printed whole when it ends, in this order.
 * The type-check runs in TypeScript 7, the native compiler (4 s here where 5.9 takes 16); 5.9 stays
 * installed for typescript-eslint, which does not support 7 yet.
 */
const together = [
  ['type-check', 'node', ['node_modules/typescript-7/bin/tsc', '--noEmit']],
  ['lint', 'npx', ['eslint', '.']],
  ['format', 'npx', ['prettier', '--check', '.']],
];

const steps = [
  ['unit tests', 'npx', ['vitest', 'run', '--project', 'unit']],
  // nvcc's compiles, after the unit tests rather than beside them: on two cores each starved the
  // other, and a compile put at a low priority instead got no CPU at all while other processes kept
  // the cores busy (docs/development.md).
  ['CUDA compiles', 'npx', ['vitest', 'run', '--project', 'cuda']],
  ['chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['ffmpeg', 'node', ['scripts/ensure-ffmpeg.mjs']],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['browser tests', 'npx', ['playwright', 'test'], { NODE_OPTIONS: RAW_IMPORTS }],
];

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const fail = (name, status) => {
  console.error(`\n✗ ${name} failed (exit ${status}).`);
  process.exit(status || 1);
};

/** Runs a command with its output kept, resolving to its exit status, output and time. */
const runQuietly = ([name, command, args]) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { env: process.env });
    const output = [];
    child.stdout.on('data', (d) => output.push(d));
    child.stderr.on('data', (d) => output.push(d));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (status) => resolve({ name, status, output: Buffer.concat(output), time: seconds(started) }));
  });

const began = Date.now();
const checked = await Promise.all(together.map(runQuietly));
for (const { name, status, output, time } of checked) {
  console.log(`\n▶ ${name}`);
  process.stdout.write(output);
  console.log(status === 0 ? `✓ ${name} (${time}, beside the others)` : `✗ ${name} (exit ${status})`);
}
const failed = checked.find((c) => c.status !== 0);
if (failed) fail(failed.name, failed.status);
for (const [name, command, args, env = {}] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (status !== 0) fail(name, status);
  console.log(`✓ ${name} (${seconds(started)})`);
}
console.log(`\nAll checks passed in ${((Date.now() - began) / 1000).toFixed(0)} s.`);
