import type { Mask } from './laneMask';

/** Tries before a memo that rarely finds its operands stops keeping them. */
const TRIAL = 256;
/** Pairs kept before the memo starts again (each keeps its operands and result alive). */
const MAX_PAIRS = 1024;

/**
 * One compiled operation's results by its two operands (immutable values, by identity) and the mask:
 * `d * BM + threadRow * TM` takes a few values in a loop and the same ones again in every round of
 * the loop around it, each made once.
 *
 * @remarks
 * Where operands come round rarely (an index that grows without end), the memo only costs: after
 * `TRIAL` tries finding fewer than half, it keeps nothing more and every `get` misses at once.
 */
export class PairMemo<A extends object, B extends object, R> {
  private readonly pairs = new Map<A, Map<B, R>>();
  private mask = 0;
  private size = 0;
  private tries = 0;
  private found = 0;
  private off = false;

  /** The result kept for `a`, `b` under `mask`, else undefined. */
  get(a: A, b: B, mask: Mask): R | undefined {
    if (this.off) return undefined;
    this.tries++;
    const r = mask === this.mask ? this.pairs.get(a)?.get(b) : undefined;
    if (r !== undefined) this.found++;
    else if (this.tries === TRIAL && this.found * 2 < TRIAL) {
      this.off = true;
      this.pairs.clear();
    }
    return r;
  }

  /** Keeps `r` as the result of `a`, `b` under `mask`; gives `r`. */
  set(a: A, b: B, mask: Mask, r: R): R {
    if (this.off) return r;
    if (mask !== this.mask || this.size === MAX_PAIRS) {
      this.pairs.clear();
      this.mask = mask;
      this.size = 0;
    }
    let byB = this.pairs.get(a);
    if (!byB) this.pairs.set(a, (byB = new Map()));
    byB.set(b, r);
    this.size++;
    return r;
  }
}
