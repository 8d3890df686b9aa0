import type { OperationProbe } from '../../src/engine';

/** One probe's launch as Nsight Compute counted it: the wavefronts of its kind, over its instructions. */
export interface ProbeMeasurement {
  readonly wavefronts: number;
  readonly instructions: number;
  /** Wavefronts per instruction; `null` where the launch made none, NaN where not measured. */
  readonly measured: number | null;
  /** The counter the wavefronts were read from. */
  readonly from: string | null;
}

/**
 * A probe's wavefronts per instruction from its launch's counters: its operation's own, or, where
 * this GPU's Nsight Compute lacks that counter, the fallback that counts them among others, read
 * only where the launch made none of the others (so what it counted is the probe's kind alone).
 */
export function measureProbe(
  launch: Readonly<Record<string, number>>,
  probe: Pick<OperationProbe, 'metrics' | 'fallback'>,
  present: readonly string[],
): ProbeMeasurement {
  const read = (m: string) => (present.includes(m) ? launch[m] : NaN);
  const [own, instructions] = probe.metrics.map(read);
  const { fallback } = probe;
  const useFallback = Number.isNaN(own) && fallback !== undefined && read(fallback.unless) === 0;
  const wavefronts = useFallback ? read(fallback.wavefronts) : own;
  const from = Number.isNaN(wavefronts) ? null : useFallback ? fallback.wavefronts : probe.metrics[0];
  const measured = Number.isNaN(wavefronts) ? NaN : instructions > 0 ? wavefronts / instructions : null;
  return { wavefronts, instructions, measured, from };
}
