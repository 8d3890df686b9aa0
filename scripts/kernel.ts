// npm run kernel -- <file.cu> [--kernel name] [--block X[xY[xZ]]] [--arg name=value]… [--json] [--fail-on-conflict]
// Runs one block of a CUDA kernel through the analyzer and prints, per line, its shared-memory
// instructions, rounds, ideal and excess. Status 0; 1 with --fail-on-conflict when a line has
// excess; 2 for errors, each printed file:line:column: message.
import { readFile, stat } from 'node:fs/promises';
import { analyzeKernel, MAX_KERNEL_SOURCE } from '../src/engine/kernel';
import { loadCppParser } from './kernel/loadCppParser';
import { KERNEL_USAGE, readKernelArgs } from './kernel/readKernelArgs';
import { getKernelJson, writeKernelTable } from './kernel/writeKernelReport';

const command = readKernelArgs(process.argv.slice(2));
if ('problems' in command) {
  for (const problem of command.problems) console.error(`kernel: ${problem}`);
  console.error(KERNEL_USAGE);
  process.exit(2);
}
let source: string;
try {
  // The size first, so that a huge file is refused without being read.
  const { size } = await stat(command.file);
  if (size > MAX_KERNEL_SOURCE) {
    console.error(`${command.file}:1:1: the source is over 1 MB (${size} bytes); analyze the kernel's own file`);
    process.exit(2);
  }
  source = await readFile(command.file, 'utf8');
} catch (error) {
  console.error(`kernel: cannot read ${command.file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  process.exit(2);
}
const result = analyzeKernel(
  source,
  { kernel: command.kernel, block: command.block, args: command.args },
  await loadCppParser(),
);
if (!result.ok) {
  for (const e of result.errors) console.error(`${command.file}:${e.line}:${e.column}: ${e.message}`);
  process.exit(2);
}
const report = result.report;
console.log(command.json ? JSON.stringify(getKernelJson(report), null, 2) : writeKernelTable(report, command.file));
process.exit(command.failOnConflict && report.total.excess > 0 ? 1 : 0);
