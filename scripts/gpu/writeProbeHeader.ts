import type { Probe } from './getProbes';

const OPS = { load: 0, store: 1, ldmatrix: 2 } as const;

/** A C string literal in plain ASCII (the names are for the program's own report). */
const cString = (text: string) =>
  `"${text
    .replace(/×/g, 'x')
    .replace(/[^ -~]/g, '?')
    .replace(/["\\]/g, (c) => `\\${c}`)}"`;

/** `probes.h`: the probe table `scripts/gpu/probe.cu` launches, one row per access. */
export function writeProbeHeader(probes: readonly Probe[]): string {
  const rows = probes.map((p) => {
    const offsets = p.offsets.map((o) => (o === null ? -1 : o)).join(', ');
    return `  {${cString(p.name)}, ${OPS[p.op]}, ${p.bytes}, ${p.matrices}, {${p.block.join(', ')}}, ${p.warp}, {${offsets}}, ${p.sharedBytes}, ${p.rounds}},`;
  });
  return [
    "// Written by `npm run gpu:check` from the engine: each row is one access, its lanes' byte",
    "// addresses and the engine's rounds. Do not edit; run the command again.",
    'static const Probe kProbes[] = {',
    ...rows,
    '};',
    '',
  ].join('\n');
}
