import type { Phasing } from '../operations';
import { servePhases, type RoundCount } from '../servePhases';

export type { RoundCount };

/**
 * The rounds of one warp instruction by the engine's one counting rule (`servePhases`), counted
 * without building its `Schedule`.
 *
 * @remarks
 * A kernel makes tens of thousands of instructions; the full schedule (lanes, queues, rounds
 * served) is made only for the one a person opens, by the same rule.
 * `addresses` are byte addresses (-1: the lane takes no part); `bytes` is what each lane touches;
 * `phasing` how its operation splits the warp (the operations table's).
 */
export function countRounds(addresses: Int32Array, bytes: number, phasing: Phasing): RoundCount {
  return servePhases(addresses, bytes, phasing);
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
