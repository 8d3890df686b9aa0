import type { Phasing } from '../operations';

const BANKS = 32;
/** A phase serves at most 128 bytes, so at most 32 (lane, word) entries: the slots a bank needs. */
const SLOTS = 32;
const words = new Int32Array(BANKS * SLOTS);
const counts = new Int32Array(BANKS);

/** An instruction's rounds and its ideal (one round a phase that carries a request). */
export interface RoundCount {
  readonly rounds: number;
  readonly ideal: number;
}

/**
 * The rounds of one warp instruction by the engine's rules (phases of at most 128 bytes; in each,
 * the busiest bank's distinct words), counted without building its `Schedule`.
 *
 * @remarks
 * A kernel makes tens of thousands of instructions; the full schedule (lanes, queues, rounds
 * served) is made only for the one a person opens. A property test holds this to `getSchedule`.
 * `addresses` are byte addresses (-1: the lane takes no part); `bytes` is what each lane touches;
 * `phasing` how its operation splits the warp (the operations table's).
 */
export function countRounds(addresses: Int32Array, bytes: number, { lanesPerPhase, phases }: Phasing): RoundCount {
  let rounds = 0;
  let ideal = 0;
  for (let p = 0; p < phases; p++) {
    counts.fill(0);
    let busiest = 0;
    const first = p * lanesPerPhase;
    const last = Math.min(addresses.length, first + lanesPerPhase);
    for (let lane = first; lane < last; lane++) {
      const address = addresses[lane];
      if (address < 0) continue;
      const end = (address + bytes - 1) >> 2;
      for (let word = address >> 2; word <= end; word++) {
        const bank = word & (BANKS - 1);
        const slot = bank * SLOTS;
        const n = counts[bank];
        let seen = false;
        for (let k = 0; k < n; k++)
          if (words[slot + k] === word) {
            seen = true;
            break;
          }
        if (seen) continue;
        words[slot + n] = word;
        counts[bank] = n + 1;
        if (n + 1 > busiest) busiest = n + 1;
      }
    }
    rounds += busiest;
    if (busiest > 0) ideal++;
  }
  return { rounds, ideal };
}

/** Whether any two lanes' byte ranges overlap: a store whose landing value is undefined. */
export function hasRace(addresses: Int32Array, bytes: number): boolean {
  for (let a = 0; a < addresses.length; a++) {
    const x = addresses[a];
    if (x < 0) continue;
    for (let b = a + 1; b < addresses.length; b++) {
      const y = addresses[b];
      if (y >= 0 && x < y + bytes && y < x + bytes) return true;
    }
  }
  return false;
}
