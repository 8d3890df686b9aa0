import { createSpecRequest, getSpecMask, type AccessSpec } from './accessSpec';
import { getAccessKind } from './accessKinds';
import { FULL_MASK } from './activeLanes';
import { DEFAULT_BANK_MODEL } from './bankModel';
import type { EngineError } from './result';
import { getSchedule } from './schedule';

/** One row pitch of a sweep: its rounds, or why the engine refuses the access at that pitch. */
export type SweptPitch = {
  readonly pitch: number;
  /** Words of padding a row: the pitch less the useful columns. */
  readonly padding: number;
} & ({ readonly rounds: number; readonly refused: null } | { readonly rounds: null; readonly refused: EngineError });

/** An access at every row pitch from no padding to a bank's worth of it. */
export interface PitchSweep {
  readonly pitches: readonly SweptPitch[];
  /** The most rounds of any pitch the engine accepts (at least 1, so a scale never divides by 0). */
  readonly most: number;
  /** What the access's kind says holds across pitches (the gcd rule of a column read), if anything. */
  readonly note: string | null;
}

/**
 * Schedules `spec` at each pitch from its useful columns to a bank's worth of padding past them,
 * keeping everything else; `null` for an access that reads no tile, where a pitch means nothing.
 *
 * @remarks
 * A pitch the engine refuses (an `ldmatrix` row no longer 16-byte aligned, a word past a shared
 * array) comes back refused with the engine's reason, so a view never shows it as 0 rounds.
 */
export function getPitchSweep(spec: AccessSpec): PitchSweep | null {
  const kind = getAccessKind(spec.pattern);
  if (!kind.readsTile) return null;
  const { banks } = DEFAULT_BANK_MODEL;
  const pitches = Array.from({ length: banks + 1 }, (_, padding): SweptPitch => {
    const pitch = spec.cols + padding;
    const access = createSpecRequest({ ...spec, pitch });
    return access.ok
      ? { pitch, padding, rounds: getSchedule(access.value).rounds, refused: null }
      : { pitch, padding, rounds: null, refused: access.error };
  });
  const mask = getSpecMask(spec);
  return {
    pitches,
    most: Math.max(1, ...pitches.map((p) => p.rounds ?? 0)),
    note: kind.pitchNote?.(spec, banks, mask.ok && mask.value === FULL_MASK) ?? null,
  };
}
