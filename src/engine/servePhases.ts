/** An instruction's rounds and its ideal (one round a phase that carries a request). */
export interface RoundCount {
  readonly rounds: number;
  readonly ideal: number;
}

/** How the lanes are split: so many lanes a phase, in so many phases (an operation's `Phasing`). */
export interface PhaseSplit {
  readonly lanesPerPhase: number;
  readonly phases: number;
}

/**
 * What {@link servePhases} tells a caller that wants more than the count (the schedule): every
 * request in service order, and each phase's rounds once it is served.
 */
export interface PhaseVisitor {
  /** Lane `lane` takes part in phase `phase` (0-based): called before its words. */
  lane(lane: number, phase: number): void;
  /**
   * Lane `lane` asks for `word`, in `bank`; `slot` is the word's place in that bank's queue of the
   * phase (0-based: the phase's round that serves it), and `first` whether this lane is the first
   * of the phase to ask for it (later lanes share it: broadcast).
   */
  word(lane: number, word: number, bank: number, slot: number, first: boolean): void;
  /** Phase `phase` (0-based) is served in `rounds` rounds: its busiest bank's distinct words. */
  served(phase: number, rounds: number): void;
}

/** The most banks a bank model has (`createBankModel`). */
const MAX_BANKS = 64;
/**
 * Room for one bank's distinct words in a phase: a phase serves at most 128 bytes, so at most 32
 * distinct words (lanes that pair share theirs), kept twice over.
 */
const SLOTS = 64;
const words = new Int32Array(MAX_BANKS * SLOTS);
const counts = new Int32Array(MAX_BANKS);

/**
 * The engine's one counting rule: a warp's request is served phase by phase (lanes
 * `p·lanesPerPhase` onwards); in a phase each bank serves one distinct word a round, in the order
 * of the lowest lane asking for each, to every lane of the phase that asks for it; a phase takes
 * as many rounds as its busiest bank has distinct words, and the rounds add up.
 *
 * @remarks
 * `addresses` holds each lane's first byte (negative: the lane takes no part); each lane touches
 * `bytes` bytes, so the 4-byte words `address >> 2` … `(address + bytes − 1) >> 2`; word `w` is in
 * bank `w % banks`. The schedule (`getSchedule`, everything the player shows) and the kernel
 * analyzer's fast count (`countRounds`, no schedule built) both count with it: the schedule
 * passes a {@link PhaseVisitor} to see each request, the count passes none.
 */
export function servePhases(
  addresses: Int32Array,
  bytes: number,
  { lanesPerPhase, phases }: PhaseSplit,
  banks = 32,
  visit?: PhaseVisitor,
): RoundCount {
  const seen = words;
  const held = counts;
  const stride = SLOTS;
  const mask = (banks & (banks - 1)) === 0 ? banks - 1 : -1;
  let rounds = 0;
  let ideal = 0;
  for (let p = 0; p < phases; p++) {
    held.fill(0, 0, banks);
    let busiest = 0;
    const first = p * lanesPerPhase;
    const last = Math.min(addresses.length, first + lanesPerPhase);
    for (let lane = first; lane < last; lane++) {
      const address = addresses[lane];
      if (address < 0) continue;
      if (visit) visit.lane(lane, p);
      const end = (address + bytes - 1) >> 2;
      for (let word = address >> 2; word <= end; word++) {
        const bank = mask >= 0 ? word & mask : word % banks;
        const slot = bank * stride;
        const n = held[bank];
        let k = 0;
        for (; k < n; k++) if (seen[slot + k] === word) break;
        if (k === n) {
          seen[slot + n] = word;
          held[bank] = n + 1;
          if (n + 1 > busiest) busiest = n + 1;
        }
        if (visit) visit.word(lane, word, bank, k, k === n);
      }
    }
    if (visit) visit.served(p, busiest);
    rounds += busiest;
    if (busiest > 0) ideal++;
  }
  return { rounds, ideal };
}
