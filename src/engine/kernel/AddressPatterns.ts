import type { Operation, OperationDefinition } from '../operations';
import { countRounds, hasRace } from './countRounds';
import type { InstructionForm } from './instructionForms';
import { LANES } from './laneMask';
import type { SourcePosition } from './syntaxNode';

/** A warp's addresses for one instruction form, counted: its rounds, ideal and race. */
export interface CountedPattern {
  readonly form: InstructionForm;
  /** Shared by every instruction that made these addresses (never changed once made). */
  readonly addresses: Int32Array;
  readonly rounds: number;
  readonly ideal: number;
  readonly racing: boolean;
}

/** Patterns kept before the store starts again (a kernel whose every instruction is new gains nothing). */
const MAX_PATTERNS = 1 << 16;

/**
 * The warps' address patterns of a run, each counted once: a loop over a matrix's K makes the same
 * shared addresses at every step, so its instructions share one `Int32Array` and one count.
 *
 * @remarks
 * A view of 32 addresses costs more to make than the rest of an instruction; the report's
 * instructions only read theirs. A pattern not seen before is counted as the last one made at the
 * same place in the source was when it is that one moved by a whole number of words (a loop walking
 * an array): moving every lane by `d` words moves every word by `d`, the banks are turned round,
 * each bank's distinct words stay as many, and lanes that paired still pair (a property in
 * `kernelProperties.test.ts` holds the engine's rules to that).
 */
export class AddressPatterns {
  private readonly patterns = new Map<number, CountedPattern[]>();
  private readonly sites = new Map<SourcePosition, CountedPattern>();
  private size = 0;
  // Views live in large shared buffers, 32 to a view: small typed arrays of their own would each
  // be allocated outside V8's heap.
  private pool = new Int32Array(0);
  private used = 0;

  /** `lanes` (byte addresses, -1 for a lane that takes no part) counted for `form`, made at `at`. */
  count(
    lanes: Int32Array,
    form: InstructionForm,
    bytes: number,
    operation: OperationDefinition<Operation>,
    at: SourcePosition,
  ): CountedPattern {
    let hash = 0;
    for (let lane = 0; lane < LANES; lane++) hash = Math.imul(hash ^ lanes[lane], 0x9e3779b1);
    let bucket = this.patterns.get(hash);
    let addresses: Int32Array | null = null;
    if (bucket)
      for (const pattern of bucket)
        if (sameLanes(pattern.addresses, lanes)) {
          if (pattern.form === form) return pattern;
          addresses = pattern.addresses;
        }
    addresses ??= this.copy(lanes);
    const last = this.sites.get(at);
    const made: CountedPattern =
      last && last.form === form && isShifted(addresses, last.addresses)
        ? { form, addresses, rounds: last.rounds, ideal: last.ideal, racing: last.racing }
        : {
            form,
            addresses,
            // Per instruction, not per form: a wide load's phases depend on whether its lanes pair (lanePairs.ts).
            ...countRounds(addresses, bytes, operation.phasing(form, bytes, addresses)),
            racing: operation.writes && hasRace(addresses, bytes),
          };
    this.sites.set(at, made);
    if (this.size === MAX_PATTERNS) {
      this.patterns.clear();
      this.size = 0;
      bucket = undefined;
    }
    if (bucket) bucket.push(made);
    else this.patterns.set(hash, [made]);
    this.size++;
    return made;
  }

  private copy(lanes: Int32Array): Int32Array {
    if (this.used === this.pool.length) {
      // Small at first: most kernels make a few hundred patterns, and a buffer is zeroed when made.
      this.pool = new Int32Array(LANES * Math.min(4096, Math.max(64, this.pool.length / 8)));
      this.used = 0;
    }
    const view = this.pool.subarray(this.used, (this.used += LANES));
    view.set(lanes);
    return view;
  }
}

function sameLanes(a: Int32Array, b: Int32Array): boolean {
  for (let lane = 0; lane < LANES; lane++) if (a[lane] !== b[lane]) return false;
  return true;
}

/** Whether `addresses` are `before` moved by one whole number of words, the same lanes taking part. */
function isShifted(addresses: Int32Array, before: Int32Array): boolean {
  let shift: number | null = null;
  for (let lane = 0; lane < LANES; lane++) {
    const a = addresses[lane];
    const b = before[lane];
    if (a < 0 || b < 0) {
      if (a >= 0 || b >= 0) return false;
      continue;
    }
    if (shift === null) {
      shift = a - b;
      if (shift % 4 !== 0) return false;
    } else if (a - b !== shift) return false;
  }
  return true;
}
