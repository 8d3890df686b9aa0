import type { PanelKind } from '../../scenes/lessonSchema';
import type { Schedule } from '../engine';

/** One distinct word's request: it flies from its lanes to its bank, waits, and is served once. */
export interface PlannedToken {
  readonly id: string;
  readonly word: number;
  readonly bank: number;
  /** Every lane that receives this word (more than one: a broadcast). */
  readonly lanes: readonly number[];
  /** The round that serves it (numbered on across phases). */
  readonly round: number;
  /** The phase it is asked in (1-based). */
  readonly phase: number;
  /** Its place in its bank's queue (0: the front), and the rounds of the words ahead of it there. */
  readonly place: number;
  readonly ahead: readonly number[];
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

/** What the plan needs of a beat of narration: its filled text, where it starts, what it points at. */
export interface BeatInput {
  readonly text: string;
  /** A label of the animation (`start`, `flights`, `queued`, `round-k`, `end`) or `hold`. */
  readonly cue: string;
  /** What the beat points at: lanes and banks on the stage, the worked example's rows, lines of code. */
  readonly highlight?: {
    readonly lanes?: readonly number[];
    readonly banks?: readonly number[];
    readonly table?: readonly ('word' | 'bank')[];
    /** Pieces of text: every line of the scene's code that holds one is highlighted. */
    readonly code?: readonly string[];
  };
  /** The panel the caption talks about, brought into view while it shows. */
  readonly panel?: PanelKind;
}

/** A beat placed on the timeline: shown from `start` until the next beat starts. */
export interface PlannedBeat extends BeatInput {
  readonly index: number;
  readonly start: number;
  /** How long the animation holds still so the beat can be read. */
  readonly hold: number;
}

/**
 * A stretch of timeline time during which the animation stands still at `animationTime`.
 */
export interface Hold {
  readonly start: number;
  readonly duration: number;
  readonly animationTime: number;
}

/**
 * The timed script of one access: when each token flies, when each round is served, and when each
 * beat of narration holds the animation still to be read.
 *
 * @remarks
 * Pure data derived from the engine's schedule, so Node tests can check timings and labels without
 * a browser, and every driver (playback, export, tests) steps the same plan. Token and round times
 * are in animation time; `labels`, `beats`, `holds` and `duration` are in timeline time, which is
 * animation time with the holds inserted (see {@link getAnimationTime}).
 */
export interface TimelinePlan {
  readonly schedule: Schedule;
  readonly tokens: readonly PlannedToken[];
  readonly rounds: readonly PlannedRound[];
  readonly beats: readonly PlannedBeat[];
  readonly holds: readonly Hold[];
  /** The animation time by which every request waits in its bank. */
  readonly queuedAt: number;
  /** Named timeline times: `flights` (every request in the air), `queued`, `round-1` … `round-N`, `beat-0` …, `end`. */
  readonly labels: Readonly<Record<string, number>>;
  readonly duration: number;
}

/** Timings at 1× speed, in seconds. Playback speed is the clock's time scale, so labels never move. */
export const TIMING = Object.freeze({
  lead: 0.4,
  laneStagger: 0.025,
  flight: 0.8,
  settle: 0.35,
  /** Every request waits in its bank for this long before round 1, so that state is seen on its own. */
  wait: 0.4,
  /** A deep queue drains faster per round so a 32-round read still fits a lecture's patience. */
  roundFor: (rounds: number) => (rounds <= 4 ? 1.2 : rounds <= 8 ? 0.9 : 0.6),
  /**
   * The longest the animation runs between two captions' cues: a clicker's step (PageDown plays to
   * the next cue) is never a long wait with nothing new to read. A longer run of rounds is served
   * faster, down to `fastestRound` a round.
   */
  longestRun: 6,
  fastestRound: 0.15,
  shiftFrom: 0.55,
  shiftTo: 0.9,
  tail: 0.8,
});

/** Reading speeds offered to the learner, in words per minute. */
export const READING_SPEEDS = Object.freeze({ slow: 130, normal: 180, fast: 260 });

export type ReadingSpeed = keyof typeof READING_SPEEDS;

/** How long a caption of `text` needs at `wordsPerMinute`, never less than a second and a half. */
export function getReadingTime(text: string, wordsPerMinute: number): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1.5, (words / wordsPerMinute) * 60 + 0.6);
}

/**
 * Times are kept on a 0.1 ms grid so a label survives a round trip through gsap and a URL exactly,
 * and comparing a clock time with a label never depends on floating-point noise.
 */
export const snapTime = (t: number) => Math.round(t * 1e4) / 1e4;

/** The label of round `k` (1-based). */
export const roundLabel = (k: number) => `round-${k}`;

/**
 * Each round's length: the schedule's pace, quickened in a run of rounds that no caption's cue
 * breaks (the rounds from one cued round to the next, or to the end) where the run would last
 * longer than {@link TIMING.longestRun}.
 */
function getRoundLengths(schedule: Schedule, cuedRounds: ReadonlySet<number>, lead: number): number[] {
  const pace = TIMING.roundFor(schedule.rounds);
  const lengths = new Array<number>(schedule.rounds).fill(pace);
  let first = 0;
  for (let round = 1; round <= schedule.rounds + 1; round++) {
    if (round <= schedule.rounds && !cuedRounds.has(round)) continue;
    // Rounds first … round − 2 (0-based) run together: the first run after the `lead` from the
    // cue before round 1, the last one before the tail.
    const count = round - 1 - first;
    const fixed = (first === 0 ? lead : 0) + (round > schedule.rounds ? TIMING.tail : 0);
    if (count > 0 && count * pace + fixed > TIMING.longestRun) {
      const quick = Math.max(TIMING.fastestRound, (TIMING.longestRun - fixed) / count);
      for (let i = first; i < round - 1; i++) lengths[i] = quick;
    }
    first = round - 1;
  }
  return lengths;
}

/** The rounds a beat's cue names (`round-3`, or a phase's first round), for the runs between them. */
function getCuedRounds(schedule: Schedule, beats: readonly BeatInput[]): Set<number> {
  const cued = new Set<number>();
  for (const { cue } of beats) {
    const round = /^round-(\d+)$/.exec(cue);
    const phase = /^phase-(\d+)$/.exec(cue);
    if (round) cued.add(Number(round[1]));
    else if (phase) {
      const first = schedule.phases[Number(phase[1]) - 1]?.firstRound;
      if (first) cued.add(first);
    }
  }
  return cued;
}

/** The animation's own labels, before any hold is inserted. */
function planAnimation(schedule: Schedule, beats: readonly BeatInput[]) {
  const tokens: PlannedToken[] = schedule.banks.flatMap((bank) =>
    bank.queue.map((queued, place) => {
      const launch = snapTime(TIMING.lead + TIMING.laneStagger * queued.lanes[0]);
      return {
        // A word asked again in a later phase is a request of its own.
        id: `b${bank.bank}-w${queued.word}${queued.phase > 1 ? `-p${queued.phase}` : ''}`,
        word: queued.word,
        bank: bank.bank,
        lanes: queued.lanes,
        round: queued.round,
        phase: queued.phase,
        place,
        ahead: bank.queue.slice(0, place).map((q) => q.round),
        launch,
        land: snapTime(launch + TIMING.flight),
      };
    }),
  );
  const queued = snapTime(Math.max(...tokens.map((t) => t.land)) + TIMING.settle);
  const flights = Math.max(...tokens.map((t) => t.launch));
  // The step into the first run of rounds starts at the last cue before round 1.
  const before = { start: 0, flights, queued };
  const cued = beats.map((b) => before[b.cue as keyof typeof before]).filter((t) => t !== undefined);
  const lead = queued + TIMING.wait - Math.max(0, ...cued);
  const lengths = getRoundLengths(schedule, getCuedRounds(schedule, beats), lead);
  let at = queued + TIMING.wait;
  const rounds: PlannedRound[] = lengths.map((length, i) => {
    const start = snapTime(at);
    at += length;
    return {
      round: i + 1,
      start,
      shiftStart: snapTime(start + TIMING.shiftFrom * length),
      shiftEnd: snapTime(start + TIMING.shiftTo * length),
      end: snapTime(at),
    };
  });
  const end = snapTime(at + TIMING.tail);
  // `flights`: every lane has fired, so a caption naming lanes 0, 1 and 2 sees all of their requests.
  const labels: Record<string, number> = { start: 0, flights, queued };
  for (const r of rounds) labels[roundLabel(r.round)] = r.start;
  // With more than one phase, each phase's first round has a name of its own too.
  if (schedule.activePhases > 1)
    for (const phase of schedule.phases)
      if (phase.firstRound !== null) labels[`phase-${phase.phase}`] = rounds[phase.firstRound - 1].start;
  labels.end = end;
  return { tokens, rounds, labels, end };
}

/** Silence after a recorded voice before the animation moves on. */
export const VOICE_GAP = 0.35;

/**
 * Plans the animation of `schedule`: flights staggered by lane, one slot of time per round, and a
 * hold at each beat's cue long enough to read it at `wordsPerMinute`, or, for a beat with a
 * recorded voice (`voiced[i]`, its length in seconds), long enough to hear it. A cue the animation
 * has no label for is an error, not a silent misplacement.
 */
export function planTimeline(
  schedule: Schedule,
  beats: readonly BeatInput[] = [],
  wordsPerMinute: number = READING_SPEEDS.normal,
  voiced: readonly (number | null | undefined)[] = [],
): TimelinePlan {
  const animation = planAnimation(schedule, beats);
  let anchor = 0;
  const anchored = beats.map((beat) => {
    if (beat.cue !== 'hold') {
      const at = animation.labels[beat.cue];
      if (at === undefined)
        throw new Error(`beat "${beat.text.slice(0, 40)}…" has cue ${beat.cue}, which this access has no label for`);
      anchor = at;
    }
    return { beat, at: anchor };
  });
  // Holds at the same animation time follow one another in the order the beats were written.
  const order = anchored.map((a, i) => ({ ...a, i })).sort((a, b) => a.at - b.at || a.i - b.i);
  const holds: Hold[] = [];
  const planned: PlannedBeat[] = new Array(beats.length);
  let inserted = 0;
  for (const { beat, at, i } of order) {
    const voice = voiced[i];
    const hold = snapTime(typeof voice === 'number' ? voice + VOICE_GAP : getReadingTime(beat.text, wordsPerMinute));
    const start = snapTime(at + inserted);
    holds.push({ start, duration: hold, animationTime: at });
    planned[i] = { ...beat, index: i, start, hold };
    inserted = snapTime(inserted + hold);
  }
  const toTimeline = (animationTime: number) =>
    snapTime(
      animationTime + holds.filter((h) => h.animationTime < animationTime).reduce((sum, h) => sum + h.duration, 0),
    );
  const labels: Record<string, number> = {};
  for (const [name, time] of Object.entries(animation.labels)) labels[name] = toTimeline(time);
  for (const beat of planned) labels[`beat-${beat.index}`] = beat.start;
  // The end label comes after any hold at the end, so the last caption gets its reading time.
  const duration = snapTime(animation.end + inserted);
  labels.end = duration;
  return {
    schedule,
    tokens: animation.tokens,
    rounds: animation.rounds,
    beats: [...planned].sort((a, b) => a.start - b.start),
    holds: holds.sort((a, b) => a.start - b.start),
    queuedAt: animation.labels.queued,
    labels,
    duration,
  };
}

/** The animation time shown at timeline time `time`: time minus the holds before it. */
export function getAnimationTime(plan: TimelinePlan, time: number): number {
  const t = snapTime(time);
  let held = 0;
  for (const hold of plan.holds) {
    if (t < hold.start) break;
    if (t < snapTime(hold.start + hold.duration)) return hold.animationTime;
    held += hold.duration;
  }
  return snapTime(t - held);
}

/** The beat on screen at timeline time `time`, or `null` before the first. */
export function getBeatAt(plan: TimelinePlan, time: number): PlannedBeat | null {
  const t = snapTime(time);
  let current: PlannedBeat | null = null;
  for (const beat of plan.beats) if (t >= beat.start) current = beat;
  return current;
}
