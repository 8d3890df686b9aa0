import type { ThreadIndex } from './threadBlock';
import type { PhaseSchedule, Schedule } from './schedule';

/** The lanes of the conflicting phase that get their words in one round (one wavefront). */
export interface ConflictGroup {
  /** 1-based round, numbered on across phases as the schedule numbers them. */
  readonly round: number;
  readonly lanes: readonly number[];
  /** Each lane's thread, in the order of {@link ConflictGroup.lanes} (`null` past the block). */
  readonly threads: readonly (ThreadIndex | null)[];
  /** The banks these lanes ask, lowest first. */
  readonly banks: readonly number[];
}

/**
 * Why an access takes the rounds it does, in the words a CUDA programmer meets in Nsight Compute:
 * an n-way bank conflict, and its wavefronts against the ideal.
 */
export interface BankConflict {
  /** The most distinct words one bank serves in one phase: 1 is no conflict, n an n-way conflict. */
  readonly ways: number;
  /** The rounds the request takes: what Nsight Compute counts as shared-memory wavefronts. */
  readonly wavefronts: number;
  /** One wavefront a phase that carries a request: the fewest any layout can give it. */
  readonly idealWavefronts: number;
  /** The phase whose busiest bank sets {@link BankConflict.ways} (the first such), and how many carry a request. */
  readonly phase: PhaseSchedule | null;
  readonly activePhases: number;
  /** That phase's busiest bank (the lowest of them) and its distinct words, in service order. */
  readonly bank: number | null;
  readonly words: readonly number[];
  /** How far apart those words are when evenly spaced (`null`: one word, or uneven). */
  readonly stride: number | null;
  /** The phase's lanes by the round that serves them: one group a wavefront of the conflict. */
  readonly groups: readonly ConflictGroup[];
}

/** The conflict of `schedule`, every fact read from it (nothing recounted). */
export function getBankConflict(schedule: Schedule): BankConflict {
  const carrying = schedule.phases.filter((p) => p.activeLanes > 0);
  const worst = carrying.reduce<PhaseSchedule | null>((w, p) => (w === null || p.rounds > w.rounds ? p : w), null);
  const base = {
    wavefronts: schedule.rounds,
    idealWavefronts: carrying.length,
    phase: worst,
    activePhases: carrying.length,
  };
  if (!worst) return { ...base, ways: 0, bank: null, words: [], stride: null, groups: [] };
  const bank = Math.min(...worst.busiestBanks);
  const words = schedule.banks[bank].queue.filter((w) => w.phase === worst.phase).map((w) => w.word);
  const steps = words.slice(1).map((w, i) => w - words[i]);
  const stride = steps.length > 0 && steps.every((s) => s === steps[0]) ? Math.abs(steps[0]) : null;
  const byRound = new Map<number, number[]>();
  for (const slot of schedule.lanes)
    if (slot.phase === worst.phase && slot.round !== null)
      byRound.set(slot.round, [...(byRound.get(slot.round) ?? []), slot.lane]);
  const groups = [...byRound]
    .sort(([a], [b]) => a - b)
    .map(([round, lanes]) => ({
      round,
      lanes,
      threads: lanes.map((lane) => schedule.lanes[lane].thread),
      banks: [...new Set(lanes.flatMap((lane) => schedule.lanes[lane].banks))].sort((a, b) => a - b),
    }));
  return { ...base, ways: worst.rounds, bank, words, stride, groups };
}
