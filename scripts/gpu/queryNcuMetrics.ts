import { spawnSync } from 'node:child_process';

/**
 * The metric names `ncu --query-metrics` lists: one metric a line, its name first (without a
 * roll-up suffix such as `.sum`), after a header naming the device.
 */
export function readMetricList(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const name = /^\s*([a-z0-9]+__[a-z0-9_]+)\b/.exec(line)?.[1];
    if (name) names.add(name);
  }
  return names;
}

/** `requested` split into the metrics this GPU's Nsight Compute has and the ones it does not. */
export function splitMetrics(requested: readonly string[], available: ReadonlySet<string>) {
  const base = (metric: string) => metric.replace(/\.(sum|avg|max|min)(\..*)?$/, '');
  return {
    present: requested.filter((m) => available.has(base(m))),
    missing: requested.filter((m) => !available.has(base(m))),
  };
}

/** The metrics Nsight Compute has for the GPU in `env`, or why it could not say. */
export function queryNcuMetrics(env: NodeJS.ProcessEnv): Set<string> | string {
  const query = spawnSync('ncu', ['--query-metrics'], { encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 });
  if (query.error) return 'ncu (Nsight Compute) is not on the PATH; nothing was measured';
  if (query.status !== 0) return `ncu --query-metrics failed: ${(query.stderr || query.stdout).trim()}`;
  const names = readMetricList(query.stdout);
  return names.size > 0 ? names : 'ncu --query-metrics listed no metric';
}
