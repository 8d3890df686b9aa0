import gsap from 'gsap/gsap-core';
import type { PhaseSchedule } from '../engine';
import {
  getAnimationTime,
  getBeatAt,
  snapTime,
  type PlannedBeat,
  type PlannedRound,
  type TimelinePlan,
} from './planTimeline';

const flightEase = gsap.parseEase('power2.inOut');
const shiftEase = gsap.parseEase('power1.inOut');

export type LaneState = 'inactive' | 'idle' | 'waiting' | 'receiving' | 'served';
export type TokenState = 'hidden' | 'flying' | 'queued' | 'serving' | 'leaving' | 'gone';

export interface LaneRecord {
  readonly lane: number;
  readonly word: number | null;
  readonly state: LaneState;
  /** A store whose bytes overlap another lane's (which value lands is undefined). */
  readonly race: boolean;
  /** The caption on screen points at this lane. */
  readonly highlighted: boolean;
}

export interface TokenRecord {
  readonly id: string;
  readonly word: number;
  readonly bank: number;
  readonly lanes: readonly number[];
  readonly state: TokenState;
  /** 0 at its first lane, 1 in its bank (eased). */
  readonly flight: number;
  /** Its place in the bank's queue, counted from the front (0); fractional while the queue closes up. */
  readonly slot: number;
  /** 0 while it waits or is served, 1 once it has left the bank. */
  readonly exit: number;
  /** Asked in a later phase than the one on stage: it waits apart, drawn dimmed, until its phase comes. */
  readonly later: boolean;
}

export interface BankRecord {
  readonly bank: number;
  readonly distinct: number;
  /**
   * Distinct words of the phase on stage that have arrived and are not yet served (including one
   * being served now): the queue that sets this phase's rounds.
   */
  readonly waiting: number;
  readonly serving: boolean;
  /**
   * One of the banks whose queue sets the rounds of the phase on stage (two or more), shown once the
   * queues have formed: a phased access is served, and judged, a phase at a time.
   */
  readonly busiest: boolean;
  /** The caption on screen points at this bank. */
  readonly highlighted: boolean;
}

/**
 * Everything the stage draws at one instant: plain records, one per visual.
 *
 * @remarks
 * A pure function of the plan and the time, so seeking to `t` from anywhere, playing to `t`, and
 * exporting frame `t·fps` all draw the same thing.
 */
export interface FrameRecord {
  readonly time: number;
  /** The caption on screen, and what it points at. */
  readonly beat: PlannedBeat | null;
  readonly round: number;
  readonly rounds: number;
  /**
   * The phase of the round on stage (the first before any round, the last after), counted among
   * the phases that carry a request, and how many do: what the mirror counts.
   */
  readonly phase: number;
  readonly phases: number;
  readonly lanes: readonly LaneRecord[];
  readonly tokens: readonly TokenRecord[];
  readonly banks: readonly BankRecord[];
}

export interface FrameOptions {
  /** Tokens appear in their bank instead of flying, and queues close up at once. */
  readonly reducedMotion?: boolean;
}

/** Token states in which a word sits in its bank: what the bank's count shows. */
const LANDED = new Set<TokenState>(['queued', 'serving', 'leaving']);

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);

function progress(t: number, from: number, to: number, reducedMotion: boolean): number {
  if (reducedMotion) return t >= from ? 1 : 0;
  return clamp01((t - from) / (to - from));
}

function shiftProgress(r: PlannedRound, t: number, reducedMotion: boolean): number {
  return shiftEase(progress(t, r.shiftStart, r.shiftEnd, reducedMotion));
}

/** Samples the plan at time `t` (clamped to the plan's span). */
export function getFrame(plan: TimelinePlan, time: number, options: FrameOptions = {}): FrameRecord {
  const reduced = options.reducedMotion ?? false;
  const timelineTime = snapTime(Math.min(Math.max(time, 0), plan.duration));
  const t = getAnimationTime(plan, timelineTime);
  const round = plan.rounds.filter((r) => t >= r.start).length;
  const onStage = getPhaseOfRound(plan, round);
  const shifts = plan.rounds.map((r) => shiftProgress(r, t, reduced));

  const tokens: TokenRecord[] = plan.tokens.map((token) => {
    const own = plan.rounds[token.round - 1];
    const shifted = token.ahead.reduce((sum, r) => sum + shifts[r - 1], 0);
    const flight = reduced ? (t >= token.launch ? 1 : 0) : flightEase(progress(t, token.launch, token.land, false));
    const exit = shifts[token.round - 1];
    let state: TokenState;
    if (t < token.launch) state = 'hidden';
    else if (flight < 1) state = 'flying';
    else if (t < own.start) state = 'queued';
    else if (t < own.shiftStart) state = 'serving';
    else if (exit < 1) state = 'leaving';
    else state = 'gone';
    return {
      id: token.id,
      word: token.word,
      bank: token.bank,
      lanes: token.lanes,
      state,
      flight,
      slot: token.place - shifted,
      exit,
      later: token.phase > (onStage?.phase ?? 0),
    };
  });

  const beat = getBeatAt(plan, timelineTime);
  const pointedLanes = new Set(beat?.highlight?.lanes ?? []);
  const pointedBanks = new Set(beat?.highlight?.banks ?? []);
  const launched = new Set(plan.tokens.filter((tk) => t >= tk.launch).flatMap((tk) => tk.lanes));
  const lanes: LaneRecord[] = plan.schedule.lanes.map((slot) => {
    let state: LaneState = 'inactive';
    if (slot.active) {
      const r = plan.rounds[slot.round! - 1];
      if (t >= r.start) state = t < r.end ? 'receiving' : 'served';
      else state = launched.has(slot.lane) ? 'waiting' : 'idle';
    }
    return { lane: slot.lane, word: slot.word, state, race: slot.race, highlighted: pointedLanes.has(slot.lane) };
  });

  // With one round a phase there is no conflict to blame on a bank, so none is marked.
  const queuesFormed = t >= plan.queuedAt && onStage !== undefined && onStage.rounds > 1;
  const busiest = new Set(onStage?.busiestBanks ?? []);
  const serving = new Set(plan.schedule.perRound[round - 1]?.services.map((s) => s.bank) ?? []);
  const banks: BankRecord[] = plan.schedule.banks.map((bank) => ({
    bank: bank.bank,
    distinct: bank.queue.length,
    waiting: tokens.filter((tk) => tk.bank === bank.bank && !tk.later && LANDED.has(tk.state)).length,
    serving: serving.has(bank.bank),
    busiest: queuesFormed && busiest.has(bank.bank),
    highlighted: pointedBanks.has(bank.bank),
  }));

  return {
    time: timelineTime,
    beat,
    round,
    rounds: plan.schedule.rounds,
    phase: onStage?.ordinal ?? 0,
    phases: plan.schedule.activePhases,
    lanes,
    tokens,
    banks,
  };
}

/**
 * The phase serving round `round` (1-based); before the first round, the first phase that carries a
 * request (`undefined` when none does).
 */
function getPhaseOfRound(plan: TimelinePlan, round: number): PhaseSchedule | undefined {
  let phase: PhaseSchedule | undefined;
  for (const p of plan.schedule.phases)
    if (p.firstRound !== null && (phase === undefined || p.firstRound <= Math.max(1, round))) phase = p;
  return phase;
}

/**
 * What a record draws, as text: two records with the same key draw the same picture. Everything
 * but the time counts, so the key holds through every reading hold.
 */
export const getPictureKey = (frame: FrameRecord): string => JSON.stringify({ ...frame, time: 0 });

/**
 * Whether two records draw the same picture: equal in everything but their time. Exports reuse a
 * frame's pixels while this holds, which it does through every reading hold.
 */
export function isSamePicture(a: FrameRecord, b: FrameRecord): boolean {
  return getPictureKey(a) === getPictureKey(b);
}
