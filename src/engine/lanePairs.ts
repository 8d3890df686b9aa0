/**
 * How far apart the lanes of a pair are: lane n pairs with lane n XOR 1, or with lane n XOR 2.
 *
 * @remarks
 * Measured on Volta to Hopper (an H200 among them) and stated for compute capability 7.x in an
 * answer on NVIDIA's developer forums: a 64- or 128-bit load in which "thread pairs (Tn and Tn^1)
 * have the same addresses for all active threads … or (Tn and Tn^2)" is returned two lanes at once,
 * so its requests "should reduce from 4 to 2". Lanes sharing at other distances are not packed.
 */
export type PairDistance = 1 | 2;

/** The distances tried, in order: a warp paired at both (one address for all) is named by n^1. */
const DISTANCES: readonly PairDistance[] = [1, 2];

/**
 * Whether every active lane's address equals its partner's at `distance` (the partner active too).
 * `addresses` holds a byte address per lane, negative for a lane that takes no part.
 */
function pairsAt(addresses: ArrayLike<number>, distance: PairDistance): boolean {
  let active = false;
  for (let lane = 0; lane < addresses.length; lane++) {
    const address = addresses[lane];
    if (address < 0) continue;
    active = true;
    const partner = lane ^ distance;
    if (partner >= addresses.length || addresses[partner] !== address) return false;
  }
  return active;
}

/**
 * The distance at which every active lane of a warp reads its partner's address (n^1 first, then
 * n^2), or `null` when they do not all pair: the lanes a wide load serves two at a time.
 */
export function findLanePairs(addresses: ArrayLike<number>): PairDistance | null {
  for (const distance of DISTANCES) if (pairsAt(addresses, distance)) return distance;
  return null;
}
