import type { Access } from './access';
import { DEFAULT_BANK_MODEL, getBank, type BankModel } from './bankModel';
import type { ElementType } from './elementTypes';
import type { ThreadIndex } from './threadBlock';
import { getOperation, type Operation } from './operations';
import { servePhases, type PhaseVisitor } from './servePhases';
import { getLessonRequest, type WarpRequest } from './warpRequest';

/** What one lane asks for and when it gets it. */
export interface LaneSlot {
  readonly lane: number;
  readonly active: boolean;
  /** The first word it touches. */
  readonly word: number | null;
  /** The bank of its first word. */
  readonly bank: number | null;
  /** The bank of each of its words, in the order of {@link LaneSlot.words}. */
  readonly banks: readonly number[];
  /** 1-based round in which its last word arrives; `null` when inactive. */
  readonly round: number | null;
  /** The other lanes that receive a word of its together with it (broadcast), in its phase. */
  readonly sharers: readonly number[];
  /** Every word it touches, lowest first (one for the lesson's 4-byte accesses). */
  readonly words: readonly number[];
  /** Its first byte, and how many it touches; `null` when inactive. */
  readonly address: number | null;
  readonly bytes: number;
  /** 1-based phase that serves it; `null` when inactive. */
  readonly phase: number | null;
  /** The thread that runs it (`threadIdx`); `null` when inactive. */
  readonly thread: ThreadIndex | null;
  /** A store whose bytes overlap another lane's: which value lands is undefined. */
  readonly race: boolean;
}

/** One distinct word waiting in a bank, with every lane that receives it. */
export interface QueuedWord {
  readonly word: number;
  readonly lanes: readonly number[];
  /** 1-based round in which the bank serves it (numbered on across phases). */
  readonly round: number;
  /** 1-based phase it is asked for in. */
  readonly phase: number;
}

/** A bank's requests: its distinct words in service order. */
export interface BankQueue {
  readonly bank: number;
  /** Distinct words of each phase, ordered by the lowest lane that asks for each (the model's service order). */
  readonly queue: readonly QueuedWord[];
  /** Every (active lane, word) request that falls in this bank. */
  readonly requests: number;
}

/** What one bank hands out in one round. */
export interface Service {
  readonly bank: number;
  readonly word: number;
  readonly lanes: readonly number[];
}

/** Everything served in one round. */
export interface RoundService {
  readonly round: number;
  readonly services: readonly Service[];
}

/** One phase: the lanes served together, and the rounds they take. */
export interface PhaseSchedule {
  /** 1-based. */
  readonly phase: number;
  readonly firstLane: number;
  readonly lastLane: number;
  readonly activeLanes: number;
  /** The most distinct words in one bank of the phase; 0 for a phase with no active lane. */
  readonly rounds: number;
  /** The first global round of the phase (1-based); `null` when it takes none. */
  readonly firstRound: number | null;
  /** The banks whose distinct words in this phase are as many as its rounds (none when it takes none). */
  readonly busiestBanks: readonly number[];
  /** How many banks this phase asks for anything: its own count, not the whole request's. */
  readonly usedBanks: number;
  /**
   * Its place among the phases that carry a request (1-based); `null` for a phase with no active lane.
   *
   * @remarks
   * What the player counts and names: an empty phase takes no round and costs nothing, so "phase 2
   * of 2" means the second phase that asks for anything, wherever its lanes sit in the warp.
   */
  readonly ordinal: number | null;
}

/**
 * How one warp-wide request is served, phase by phase, bank by bank and round by round.
 *
 * @remarks
 * This is the single source of every bank, round and count the player shows; views, scenes and
 * the timeline read it and never recompute any of it.
 */
export interface Schedule {
  readonly model: BankModel;
  /** Each lane's element (its word, for the lesson's 4-byte accesses); `null` when inactive. */
  readonly access: Access;
  readonly request: WarpRequest;
  readonly op: Operation;
  readonly type: ElementType;
  readonly lanes: readonly LaneSlot[];
  readonly banks: readonly BankQueue[];
  /** The phases, every one of them (a phase with no active lane takes no round). */
  readonly phases: readonly PhaseSchedule[];
  /** How many phases carry a request. */
  readonly activePhases: number;
  /** Whether every phase that carries a request takes one round: no bank is asked for two words at once. */
  readonly conflictFree: boolean;
  /** How many banks are asked for at least one word. */
  readonly usedBanks: number;
  /** How many distinct words the lanes ask for, over every phase. */
  readonly distinctWords: number;
  /** The most distinct words one bank is asked for, over every phase: the longest queue on stage. */
  readonly longestQueue: number;
  /** The most words one lane touches (1 for the lesson's 4-byte accesses). */
  readonly laneWords: number;
  /** The rounds of every phase, added up: how many rounds the request needs. */
  readonly rounds: number;
  readonly perRound: readonly RoundService[];
  /** The bank(s) whose queue in a phase is as long as that phase's rounds: the ones that set the count. */
  readonly busiestBanks: readonly number[];
  readonly activeLanes: number;
  /** The lanes of a store whose bytes overlap another lane's store (of an operation that writes). */
  readonly racing: readonly number[];
}

/** A queue entry while the schedule is made: its round is set once its phase is counted. */
interface Entry {
  word: number;
  lanes: number[];
  round: number;
  phase: number;
}

/**
 * What the schedule keeps of a request as the counting rule serves it: each bank's queue of
 * distinct words with the lanes that get each, each lane's round and phase, and each phase's facts.
 */
class ServedPhases implements PhaseVisitor {
  readonly queues: Entry[][] = [];
  readonly requests: number[];
  /** Where each bank's queue of the phase being served starts. */
  private readonly starts: number[];
  readonly phases: PhaseSchedule[] = [];
  readonly busiest: number[] = [];
  readonly roundOfLane: (number | null)[];
  readonly phaseOfLane: (number | null)[];
  readonly sharersOfLane: (readonly number[])[];
  done = 0;
  carrying = 0;
  private active = 0;

  constructor(
    private readonly size: number,
    private readonly banks: number,
    private readonly lanesPerPhase: number,
  ) {
    for (let bank = 0; bank < banks; bank++) this.queues.push([]);
    this.requests = new Array<number>(banks).fill(0);
    this.starts = new Array<number>(banks).fill(0);
    this.roundOfLane = new Array<number | null>(size).fill(null);
    this.phaseOfLane = new Array<number | null>(size).fill(null);
    this.sharersOfLane = new Array<readonly number[]>(size).fill(NONE);
  }

  lane(lane: number, p: number): void {
    this.active++;
    this.phaseOfLane[lane] = p + 1;
  }

  word(lane: number, word: number, bank: number, slot: number, first: boolean): void {
    this.requests[bank]++;
    const queue = this.queues[bank];
    if (first) queue.push({ word, lanes: [lane], round: 0, phase: this.phases.length + 1 });
    else {
      const entry = queue[this.starts[bank] + slot];
      if (entry.lanes[entry.lanes.length - 1] !== lane) entry.lanes.push(lane);
    }
  }

  served(p: number, rounds: number): void {
    const { queues, starts, banks, done, active } = this;
    const firstLane = p * this.lanesPerPhase;
    const phaseBusiest: number[] = [];
    let phaseBanks = 0;
    for (let bank = 0; bank < banks; bank++) {
      const queue = queues[bank];
      if (queue.length > starts[bank]) phaseBanks++;
      if (rounds > 0 && queue.length - starts[bank] === rounds) {
        phaseBusiest.push(bank);
        if (!this.busiest.includes(bank)) this.busiest.push(bank);
      }
      for (let k = starts[bank]; k < queue.length; k++) {
        const entry = queue[k];
        entry.round = done + k - starts[bank] + 1;
        for (const lane of entry.lanes) {
          if ((this.roundOfLane[lane] ?? 0) < entry.round) this.roundOfLane[lane] = entry.round;
          if (entry.lanes.length > 1)
            this.sharersOfLane[lane] = mergeSharers(this.sharersOfLane[lane], entry.lanes, lane);
        }
      }
      // The next phase's queue starts where this one's ends.
      starts[bank] = queue.length;
    }
    if (active > 0) this.carrying++;
    this.phases.push({
      phase: p + 1,
      firstLane,
      lastLane: Math.min(this.size, firstLane + this.lanesPerPhase) - 1,
      activeLanes: active,
      rounds,
      firstRound: rounds > 0 ? done + 1 : null,
      busiestBanks: phaseBusiest,
      usedBanks: phaseBanks,
      ordinal: active > 0 ? this.carrying : null,
    });
    this.done += rounds;
    this.active = 0;
  }
}

/**
 * Serves `request` under `model`: phase after phase, each bank serves one distinct word a round,
 * to every lane of the phase asking for it. A lesson access is a one-phase load of 4-byte words.
 */
export function getSchedule(request: Access | WarpRequest, model: BankModel = DEFAULT_BANK_MODEL): Schedule {
  const warp = Array.isArray(request) ? getLessonRequest(request as Access) : (request as WarpRequest);
  const size = warp.lanes.length;
  const banks = model.banks;
  // The engine's one counting rule serves the request; the schedule keeps what it is told of it.
  const addresses = new Int32Array(size);
  let bytes = 0;
  for (let lane = 0; lane < size; lane++) {
    const asked = warp.lanes[lane];
    addresses[lane] = asked ? asked.address : -1;
    if (asked) bytes = asked.bytes;
  }
  const served = new ServedPhases(size, banks, warp.lanesPerPhase);
  servePhases(addresses, bytes, warp, banks, served);
  const { queues, requests, phases, busiest, roundOfLane, phaseOfLane, sharersOfLane, done, carrying } = served;

  const perRound: { round: number; services: Service[] }[] = [];
  for (let r = 0; r < done; r++) perRound.push({ round: r + 1, services: [] });
  for (let bank = 0; bank < banks; bank++)
    for (const { word, lanes, round } of queues[bank]) perRound[round - 1].services.push({ bank, word, lanes });

  const racing = getOperation(warp.op).writes ? findRaces(warp) : NONE;
  const lanes: LaneSlot[] = [];
  let activeLanes = 0;
  let laneWords = 0;
  const distinct = new Set<number>();
  for (let lane = 0; lane < size; lane++) {
    const asked = warp.lanes[lane];
    if (asked) activeLanes++;
    if (asked) for (const word of asked.words) distinct.add(word);
    const wordBanks = asked ? asked.words.map((word) => getBank(word, model)) : NONE;
    laneWords = Math.max(laneWords, wordBanks.length);
    lanes.push({
      lane,
      active: asked !== null,
      word: asked ? asked.words[0] : null,
      bank: asked ? wordBanks[0] : null,
      banks: wordBanks,
      round: roundOfLane[lane],
      sharers: sharersOfLane[lane],
      words: asked ? asked.words : NONE,
      address: asked ? asked.address : null,
      bytes: asked ? asked.bytes : 0,
      phase: phaseOfLane[lane],
      thread: asked ? asked.thread : null,
      race: racing.includes(lane),
    });
  }

  return {
    model,
    access: warp.elements,
    request: warp,
    op: warp.op,
    type: warp.type,
    lanes,
    banks: queues.map((queue, bank) => ({ bank, queue, requests: requests[bank] })),
    phases,
    activePhases: carrying,
    conflictFree: done === carrying,
    usedBanks: queues.filter((queue) => queue.length > 0).length,
    distinctWords: distinct.size,
    longestQueue: Math.max(0, ...queues.map((queue) => queue.length)),
    laneWords,
    rounds: done,
    perRound,
    busiestBanks: busiest.sort((a, b) => a - b),
    activeLanes,
    racing,
  };
}

const NONE: readonly number[] = Object.freeze([]);

/** The lanes sharing a word with `lane`, added to those it already shares with, lowest first. */
function mergeSharers(known: readonly number[], lanes: readonly number[], lane: number): readonly number[] {
  const merged = new Set(known);
  for (const other of lanes) if (other !== lane) merged.add(other);
  return merged.size === known.length ? known : [...merged].sort((a, b) => a - b);
}

/** The lanes of a store whose byte ranges overlap another lane's, lowest first. */
function findRaces(warp: WarpRequest): readonly number[] {
  const racing: number[] = [];
  for (let a = 0; a < warp.lanes.length; a++) {
    const mine = warp.lanes[a];
    if (!mine) continue;
    for (let b = 0; b < warp.lanes.length; b++) {
      const theirs = warp.lanes[b];
      if (
        b !== a &&
        theirs &&
        mine.address < theirs.address + theirs.bytes &&
        theirs.address < mine.address + mine.bytes
      ) {
        racing.push(a);
        break;
      }
    }
  }
  return racing;
}
