// npm run kernel -- <file.cu|glob>… [--kernel name] [--block X[xY[xZ]]] [--arg name=value]… [--format text|json|sarif|github] [--fail-on-conflict] [--baseline file.json] [--write-baseline file.json]
// Runs one block of each launch of each CUDA kernel through the analyzer and prints, per line, its
// shared-memory instructions, rounds, ideal and excess. The same command is built into
// dist/bank-check.mjs. Status 0; 1 with --fail-on-conflict when a line has excess (with --baseline,
// when a line got worse); 2 for errors, each printed file:line:column: message.
import { loadCppParser } from './kernel/loadCppParser';
import { runBankCheck } from './kernel/runBankCheck';

const output = await runBankCheck(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  loadParser: loadCppParser,
});
process.stdout.write(output.stdout);
process.stderr.write(output.stderr);
process.exitCode = output.status;
