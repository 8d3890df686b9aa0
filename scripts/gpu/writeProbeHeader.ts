import { OPERATIONS, type OperationProbe } from '../../src/engine';
import type { Probe } from './getProbes';

/** A C string literal in plain ASCII (the names are for the program's own report). */
const cString = (text: string) =>
  `"${text
    .replace(/×/g, 'x')
    .replace(/[^ -~]/g, '?')
    .replace(/["\\]/g, (c) => `\\${c}`)}"`;

/** The namespace an operation's probe code goes in: its id as a C identifier. */
const namespaceOf = (id: string) => `op_${id.replace(/[^A-Za-z0-9]/g, '_')}`;

/**
 * `probes.h`: every operation's probe code in the engine's order (a probe names its operation by
 * that index), and the probe table `scripts/gpu/probe.cu` launches, one row per access.
 * `codes` are the operations' probes, in the same order as {@link OPERATIONS}.
 */
export function writeProbeHeader(probes: readonly Probe[], codes: readonly OperationProbe[]): string {
  const ids: readonly string[] = OPERATIONS.map((o) => o.id);
  const rows = probes.map((p) => {
    const offsets = p.offsets.map((o) => (o === null ? -1 : o)).join(', ');
    return `  {${cString(p.name)}, ${ids.indexOf(p.op)}, ${p.bytes}, ${p.matrices}, {${p.block.join(', ')}}, ${p.warp}, {${offsets}}, ${p.sharedBytes}, ${p.rounds}},`;
  });
  return [
    "// Written by `npm run gpu:check` from the engine: each operation's probe code, then each row is",
    "// one access, its lanes' byte addresses and the engine's rounds. Do not edit; run the command again.",
    ...OPERATIONS.flatMap((o, i) => [
      `namespace ${namespaceOf(o.id)} {`,
      codes[i].cuda.trim(),
      `}  // namespace ${namespaceOf(o.id)}`,
      '',
    ]),
    'static const Operation kOperations[] = {',
    ...OPERATIONS.map((o) => `  {${namespaceOf(o.id)}::kernelFor, ${namespaceOf(o.id)}::check},`),
    '};',
    '',
    'static const Probe kProbes[] = {',
    ...rows,
    '};',
    '',
  ].join('\n');
}
