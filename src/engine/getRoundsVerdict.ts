import { getOperation } from './operations';
import type { Schedule } from './schedule';

/**
 * What the rounds are counted over: the busiest bank of the whole warp (`bank`: a request served in
 * one phase, the lesson's rule), or each phase's busiest bank, the phases' rounds added up
 * (`phase`; `matrix` for ldmatrix, whose phases are its matrices).
 */
export type CountRule = 'bank' | 'phase' | 'matrix';

/** The rule a schedule's rounds follow: per bank when it is served in one phase, else phase by phase. */
export const getCountRule = (schedule: Schedule): CountRule =>
  schedule.phases.length === 1 ? 'bank' : getOperation(schedule.op).phaseNoun;

/** One phase that carries a request, as a verdict names it: its busiest bank and what that costs. */
export interface PhaseVerdict {
  /** 1-based, as the schedule numbers phases. */
  readonly phase: number;
  readonly firstLane: number;
  readonly lastLane: number;
  readonly rounds: number;
  /** The lowest-numbered bank asked for the most distinct words in this phase. */
  readonly busiestBank: number;
  /** Its distinct words in this phase (the phase's rounds), and its (lane, word) requests there. */
  readonly busiestWords: number;
  readonly busiestRequests: number;
}

/** Why an access takes its rounds: the ideal, what it costs beyond that, and each phase's share. */
export interface RoundsVerdict {
  readonly rounds: number;
  /** What the rounds are counted over: the warp's busiest bank, or each phase's (matrix's), added up. */
  readonly rule: CountRule;
  /** One round a phase that carries a request: the fewest any layout can give this request. */
  readonly ideal: number;
  /** Rounds beyond the ideal: 0 when every phase is conflict-free. */
  readonly excess: number;
  /** The phases that carry a request, in order. */
  readonly phases: readonly PhaseVerdict[];
}

/**
 * The rounds of a schedule explained phase by phase: which bank sets each phase's rounds, the ideal
 * (one round a phase that carries a request), and the excess.
 *
 * @remarks
 * A lesson access has one phase, so its verdict is the lesson's: the busiest bank's distinct words.
 * A wide access or an `ldmatrix` is judged phase by phase (matrix by matrix), never by its banks'
 * words over the whole warp, which add up the phases that are served apart.
 */
export function getRoundsVerdict(schedule: Schedule): RoundsVerdict {
  const phases: PhaseVerdict[] = [];
  for (const p of schedule.phases) {
    if (p.activeLanes === 0) continue;
    let busiestBank = 0;
    let busiestWords = -1;
    let busiestRequests = 0;
    for (const bank of schedule.banks) {
      const words = bank.queue.filter((w) => w.phase === p.phase);
      if (words.length > busiestWords) {
        busiestBank = bank.bank;
        busiestWords = words.length;
        busiestRequests = words.reduce((sum, w) => sum + w.lanes.length, 0);
      }
    }
    phases.push({
      phase: p.phase,
      firstLane: p.firstLane,
      lastLane: p.lastLane,
      rounds: p.rounds,
      busiestBank,
      busiestWords,
      busiestRequests,
    });
  }
  const ideal = phases.length;
  return { rounds: schedule.rounds, rule: getCountRule(schedule), ideal, excess: schedule.rounds - ideal, phases };
}
