import type { Schedule } from '../engine';

/** One distinct word's request: it flies from its lanes to its bank, waits, and is served once. */
export interface PlannedToken {
  readonly id: string;
  readonly word: number;
  readonly bank: number;
  /** Every lane that receives this word (more than one: a broadcast). */
  readonly lanes: readonly number[];
  /** The round that serves it; its place in the bank's queue is `round - 1`. */
  readonly round: number;
  readonly launch: number;
  readonly land: number;
}

/** One round of service: highlight at `start`, the served tokens leave and queues close up over the shift. */
export interface PlannedRound {
  readonly round: number;
  readonly start: number;
  readonly shiftStart: number;
  readonly shiftEnd: number;
  readonly end: number;
}

/**
 * The timed script of one access: when each token flies and when each round is served.
 *
 * @remarks
 * Pure data derived from the engine's schedule, so Node tests can check timings and labels without
 * a browser, and every driver (playback, export, tests) steps the same plan.
 */
export interface TimelinePlan {
  readonly schedule: Schedule;
  readonly tokens: readonly PlannedToken[];
  readonly rounds: readonly PlannedRound[];
  /** Named times: `flights`, `queued`, `round-1` … `round-N`, `end`. */
  readonly labels: Readonly<Record<string, number>>;
  readonly duration: number;
}

/** Timings at 1× speed, in seconds. Playback speed is the clock's time scale, so labels never move. */
export const TIMING = Object.freeze({
  lead: 0.4,
  laneStagger: 0.025,
  flight: 0.8,
  settle: 0.35,
  /** A deep queue drains faster per round so a 32-round read still fits a lecture's patience. */
  roundFor: (rounds: number) => (rounds <= 4 ? 1.2 : rounds <= 8 ? 0.9 : 0.6),
  shiftFrom: 0.55,
  shiftTo: 0.9,
  tail: 0.8,
});

/**
 * Times are kept on a 0.1 ms grid so a label survives a round trip through gsap and a URL exactly,
 * and comparing a clock time with a label never depends on floating-point noise.
 */
export const snapTime = (t: number) => Math.round(t * 1e4) / 1e4;

/** The label of round `k` (1-based). */
export const roundLabel = (k: number) => `round-${k}`;

/** Plans the animation of `schedule`: flights staggered by lane, then one slot of time per round. */
export function planTimeline(schedule: Schedule): TimelinePlan {
  const tokens: PlannedToken[] = schedule.banks.flatMap((bank) =>
    bank.queue.map((queued) => {
      const launch = snapTime(TIMING.lead + TIMING.laneStagger * queued.lanes[0]);
      return {
        id: `b${bank.bank}-w${queued.word}`,
        word: queued.word,
        bank: bank.bank,
        lanes: queued.lanes,
        round: queued.round,
        launch,
        land: snapTime(launch + TIMING.flight),
      };
    }),
  );
  const queued = snapTime(Math.max(...tokens.map((t) => t.land)) + TIMING.settle);
  const length = TIMING.roundFor(schedule.rounds);
  const rounds: PlannedRound[] = Array.from({ length: schedule.rounds }, (_, i) => {
    const start = snapTime(queued + i * length);
    return {
      round: i + 1,
      start,
      shiftStart: snapTime(start + TIMING.shiftFrom * length),
      shiftEnd: snapTime(start + TIMING.shiftTo * length),
      end: snapTime(start + length),
    };
  });
  const duration = snapTime(queued + schedule.rounds * length + TIMING.tail);
  const labels: Record<string, number> = { flights: TIMING.lead, queued };
  for (const r of rounds) labels[roundLabel(r.round)] = r.start;
  labels.end = duration;
  return { schedule, tokens, rounds, labels, duration };
}

/** The round on stage at time `t`: 0 before round 1 is served, then the last round whose label has passed. */
export function getRoundAt(plan: TimelinePlan, time: number): number {
  const t = snapTime(time);
  let round = 0;
  for (const r of plan.rounds) if (t >= r.start) round = r.round;
  return round;
}
