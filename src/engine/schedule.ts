import type { Access } from './access';
import { DEFAULT_BANK_MODEL, getBank, type BankModel } from './bankModel';

/** What one lane asks for and when it gets it. */
export interface LaneSlot {
  readonly lane: number;
  readonly active: boolean;
  readonly word: number | null;
  readonly bank: number | null;
  /** 1-based round in which the lane receives its word; `null` when inactive. */
  readonly round: number | null;
  /** The other lanes that ask for the same word and receive it in the same round (broadcast). */
  readonly sharers: readonly number[];
}

/** One distinct word waiting in a bank, with every lane that receives it. */
export interface QueuedWord {
  readonly word: number;
  readonly lanes: readonly number[];
  /** 1-based round in which the bank serves it. */
  readonly round: number;
}

/** A bank's requests: its distinct words in service order. */
export interface BankQueue {
  readonly bank: number;
  /** Distinct words, ordered by the lowest lane that asks for each (the model's service order). */
  readonly queue: readonly QueuedWord[];
  /** Every active lane whose word lives in this bank. */
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

/**
 * How one warp-wide read is served, bank by bank and round by round.
 *
 * @remarks
 * This is the single source of every bank, round and count the player shows; views, scenes and
 * the timeline read it and never recompute any of it.
 */
export interface Schedule {
  readonly model: BankModel;
  readonly access: Access;
  readonly lanes: readonly LaneSlot[];
  readonly banks: readonly BankQueue[];
  /** The most distinct words in one bank: how many rounds the read needs. */
  readonly rounds: number;
  readonly perRound: readonly RoundService[];
  /** The bank(s) whose queue is as long as `rounds`: the ones that set the count. */
  readonly busiestBanks: readonly number[];
  readonly activeLanes: number;
}

/**
 * Serves `access` under `model`: each bank serves one distinct word a round, to every lane asking for it.
 */
export function getSchedule(access: Access, model: BankModel = DEFAULT_BANK_MODEL): Schedule {
  const wordsByBank: Map<number, number[]>[] = Array.from({ length: model.banks }, () => new Map());
  const requests = new Array<number>(model.banks).fill(0);
  access.forEach((word, lane) => {
    if (word === null) return;
    const bank = getBank(word, model);
    requests[bank]++;
    // Lanes arrive in increasing order, so insertion order is "lowest lane first": the service order.
    const lanes = wordsByBank[bank].get(word);
    if (lanes) lanes.push(lane);
    else wordsByBank[bank].set(word, [lane]);
  });

  const roundOfLane = new Array<number | null>(access.length).fill(null);
  const sharersOfLane: (readonly number[])[] = access.map(() => []);
  const banks: BankQueue[] = wordsByBank.map((words, bank) => {
    const queue = [...words].map(([word, lanes], i): QueuedWord => {
      for (const lane of lanes) {
        roundOfLane[lane] = i + 1;
        sharersOfLane[lane] = lanes.filter((other) => other !== lane);
      }
      return { word, lanes, round: i + 1 };
    });
    return { bank, queue, requests: requests[bank] };
  });

  const rounds = Math.max(0, ...banks.map((b) => b.queue.length));
  const perRound: RoundService[] = Array.from({ length: rounds }, (_, i) => ({
    round: i + 1,
    services: banks.flatMap((b) => {
      const queued = b.queue[i];
      return queued ? [{ bank: b.bank, word: queued.word, lanes: queued.lanes }] : [];
    }),
  }));

  const lanes: LaneSlot[] = access.map((word, lane) => ({
    lane,
    active: word !== null,
    word,
    bank: word === null ? null : getBank(word, model),
    round: roundOfLane[lane],
    sharers: sharersOfLane[lane],
  }));

  return {
    model,
    access,
    lanes,
    banks,
    rounds,
    perRound,
    busiestBanks: banks.filter((b) => rounds > 0 && b.queue.length === rounds).map((b) => b.bank),
    activeLanes: lanes.filter((l) => l.active).length,
  };
}
