import type { Operation, OperationDefinition } from '../operations';
import { countRounds, hasRace } from './countRounds';
import type { InstructionForm } from './instructionForms';
import type { KernelInstructions } from './kernelReport';
import { LANES } from './laneMask';
import type { SourcePosition } from './syntaxNode';

/** A warp's addresses for one instruction form, counted: its rounds, ideal and race. */
export interface CountedPattern {
  /** Its place in the table of patterns: its addresses are entries `id * 32` on of `addresses`. */
  readonly id: number;
  readonly form: InstructionForm;
  readonly rounds: number;
  readonly ideal: number;
  readonly racing: boolean;
}

/** Patterns kept before the store starts again (a kernel whose every instruction is new gains nothing). */
const MAX_PATTERNS = 1 << 16;

/**
 * The warps' address patterns of a run, each counted once: a loop over a matrix's K makes the same
 * shared addresses at every step, so its instructions share one pattern and one count.
 *
 * @remarks
 * The patterns are a table of columns (32 addresses, rounds, ideal, race), which the report keeps
 * as they are; its instructions name theirs by number. A pattern not seen before is counted as the
 * last one made at the same place in the source was when it is that one moved by a whole number of
 * words (a loop walking an array): moving every lane by `d` words moves every word by `d`, the
 * banks are turned round, each bank's distinct words stay as many, and lanes that paired still pair
 * (a property in `kernelProperties.test.ts` holds the engine's rules to that).
 */
export class AddressPatterns {
  private readonly patterns = new Map<number, CountedPattern[]>();
  private readonly sites = new Map<SourcePosition, CountedPattern>();
  /** Patterns in the lookup (it starts again past {@link MAX_PATTERNS}; the table keeps them all). */
  private size = 0;
  private count = 0;
  // Small at first: most kernels make a few hundred patterns, and a buffer is zeroed when made.
  private addresses = new Int32Array(LANES * 64);
  private rounds = new Int32Array(64);
  private ideal = new Int32Array(64);
  private racing = new Uint8Array(64);

  /** `lanes` (byte addresses, -1 for a lane that takes no part) counted for `form`, made at `at`. */
  find(
    lanes: Int32Array,
    form: InstructionForm,
    bytes: number,
    operation: OperationDefinition<Operation>,
    at: SourcePosition,
  ): CountedPattern {
    let hash = 0;
    for (let lane = 0; lane < LANES; lane++) hash = Math.imul(hash ^ lanes[lane], 0x9e3779b1);
    let bucket = this.patterns.get(hash);
    if (bucket)
      for (const pattern of bucket)
        if (pattern.form === form && sameLanes(this.addresses, pattern.id * LANES, lanes)) return pattern;
    const id = this.add(lanes);
    const addresses = this.addresses.subarray(id * LANES, (id + 1) * LANES);
    const last = this.sites.get(at);
    let made: CountedPattern;
    if (last && last.form === form && isShifted(this.addresses, id, last.id))
      made = { id, form, rounds: last.rounds, ideal: last.ideal, racing: last.racing };
    else {
      // Per instruction, not per form: a wide load's phases depend on whether its lanes pair (lanePairs.ts).
      const { rounds, ideal } = countRounds(addresses, bytes, operation.phasing(form, bytes, addresses));
      made = { id, form, rounds, ideal, racing: operation.writes && hasRace(addresses, bytes) };
    }
    this.rounds[id] = made.rounds;
    this.ideal[id] = made.ideal;
    this.racing[id] = made.racing ? 1 : 0;
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

  /** The table of every pattern made, as the report keeps it (each column cut to its length). */
  getTable(): KernelInstructions['patterns'] {
    const n = this.count;
    return {
      addresses: this.addresses.slice(0, n * LANES),
      rounds: this.rounds.slice(0, n),
      ideal: this.ideal.slice(0, n),
      racing: this.racing.slice(0, n),
    };
  }

  /** A new pattern of `lanes` in the table, the columns doubled when full: its id. */
  private add(lanes: Int32Array): number {
    const id = this.count++;
    if (id === this.rounds.length) {
      this.addresses = grow(this.addresses);
      this.rounds = grow(this.rounds);
      this.ideal = grow(this.ideal);
      this.racing = grow(this.racing);
    }
    this.addresses.set(lanes, id * LANES);
    return id;
  }
}

function grow<T extends Int32Array | Uint8Array>(column: T): T {
  const bigger = new (column.constructor as new (length: number) => T)(column.length * 2);
  bigger.set(column);
  return bigger;
}

function sameLanes(table: Int32Array, from: number, lanes: Int32Array): boolean {
  for (let lane = 0; lane < LANES; lane++) if (table[from + lane] !== lanes[lane]) return false;
  return true;
}

/** Whether pattern `id`'s addresses are pattern `before`'s moved by one whole number of words, the same lanes taking part. */
function isShifted(table: Int32Array, id: number, before: number): boolean {
  let shift: number | null = null;
  for (let lane = 0; lane < LANES; lane++) {
    const a = table[id * LANES + lane];
    const b = table[before * LANES + lane];
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
