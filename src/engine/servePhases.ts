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

/** Each bank's distinct words of the phase being served, `capacity` to a bank, and how many each holds. */
let words = new Int32Array(32 * 64);
let counts = new Int32Array(32);
let capacity = 64;

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
  addresses: ArrayLike<number>,
  bytes: number,
  { lanesPerPhase, phases }: PhaseSplit,
  banks = 32,
  visit?: PhaseVisitor,
): RoundCount {
  // A phase asks for at most one entry a lane-word: enough room in one bank for all of them.
  const room = lanesPerPhase * (((bytes + 3) >> 2) + 1);
  if (room > capacity || banks > counts.length) {
    capacity = Math.max(capacity, room);
    counts = new Int32Array(Math.max(banks, counts.length));
    words = new Int32Array(counts.length * capacity);
  }
  const mask = (banks & (banks - 1)) === 0 ? banks - 1 : -1;
  let rounds = 0;
  let ideal = 0;
  for (let p = 0; p < phases; p++) {
    counts.fill(0, 0, banks);
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
        const slot = bank * capacity;
        const n = counts[bank];
        let k = 0;
        while (k < n && words[slot + k] !== word) k++;
        if (k === n) {
          words[slot + n] = word;
          counts[bank] = n + 1;
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
