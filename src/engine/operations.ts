import { defineField, quote, type AnyField } from './accessField';
import { WARP_SIZE } from './bankModel';
import { DEFAULT_ELEMENT_TYPE, getElementBytes, type ElementType } from './elementTypes';
import { findLanePairs, type PairDistance } from './lanePairs';
import { fail, ok, type Result } from './result';

/** How many 8×8 matrices one `ldmatrix` loads: `.x1`, `.x2` or `.x4`. */
export type MatrixCount = 1 | 2 | 4;

export const MATRIX_COUNTS: readonly MatrixCount[] = [1, 2, 4];

/** An `ldmatrix` row: eight 16-bit elements, 16 bytes, at a 16-byte aligned address. */
export const MATRIX_ROW_BYTES = 16;
/** What an 8×8 matrix holds: 16-bit elements (`.b16`), so a matrix row is eight of them. */
export const MATRIX_ELEMENT_TYPE: ElementType = 'half';
/** Rows of one 8×8 matrix, so the lanes that give one matrix's row addresses. */
export const MATRIX_ROWS = 8;

/** The most bytes a warp's request is served in at once: a phase. */
export const PHASE_BYTES = 128;

/** What an operation reads of a request's shape: the element type, and the matrices of a matrix load. */
export interface OperationShape {
  readonly type: ElementType;
  readonly matrices: MatrixCount;
}

/** How a warp's lanes are served: so many lanes together, in so many phases. */
export interface Phasing {
  readonly lanesPerPhase: number;
  readonly phases: number;
  /**
   * The distance at which a wide load's lanes pair (every active lane's address is lane n^1's, or
   * n^2's), so that a phase serves twice the lanes; `null` when they are served one by one.
   */
  readonly pairs: PairDistance | null;
}

/** What `npm run gpu:check` needs of an operation to make it on a GPU and measure it there. */
export interface OperationProbe {
  /** Nsight Compute's counters: the shared-memory wavefronts, and the instructions they are divided by. */
  readonly metrics: readonly [wavefronts: string, instructions: string];
  /**
   * Where a GPU's Nsight Compute has no such wavefronts counter: one that counts these wavefronts
   * among others, read only for a launch in which `unless` (the others' instructions) counted none.
   */
  readonly fallback?: { readonly wavefronts: string; readonly unless: string };
  /**
   * CUDA, put in a namespace of its own in the probe program: it defines
   * `static Kernel kernelFor(const Probe&)`, the kernel that makes one such instruction at a probe's
   * addresses, and `static bool check(const Probe&, const unsigned char* out)`, whether what that
   * kernel wrote out is what those addresses hold.
   */
  readonly cuda: string;
}

/**
 * One warp instruction on shared memory, defined once: the bytes each lane's address covers, which
 * lanes give one, how the warp is split into phases, whether it writes, how it is named, and its
 * probe on a real GPU. Nothing outside this file asks which operation it is by name.
 */
export interface OperationDefinition<Id extends string = string> {
  readonly id: Id;
  /** What Explore's operation menu calls it. */
  readonly label: string;
  /** It in a few words within a sentence ("a load"), for the operation field's description. */
  readonly summary: string;
  /** The fields it reads beyond every operation's (`ldmatrix`'s matrix count). */
  readonly fields: readonly AnyField[];
  /** What its indices count when no type is given and no array declares one: the elements it moves. */
  readonly elementType: ElementType;
  /**
   * Why a type is unusual for it (a 4-byte type with ldmatrix, which moves 16-bit elements), or
   * `null`: a warning, since an index may count any element, not an error.
   */
  typeNote(type: ElementType): string | null;
  /** The bytes one lane's address covers: its element, or a matrix row. */
  laneBytes(shape: OperationShape): number;
  /** Whether lane `lane` gives an address; the others take no part. */
  givesAddress(lane: number, shape: OperationShape): boolean;
  /** The field blamed when no active lane gives an address. */
  readonly addressField: string;
  /** Why a lane's address cannot be used, if it cannot (a matrix row that is not aligned). */
  misplaced?(lane: number, element: number, address: number, shape: OperationShape): string | null;
  /** What one of its phases is: a phase of lanes, or one of ldmatrix's matrices (its 8 rows). */
  readonly phaseNoun: 'phase' | 'matrix';
  /**
   * The SASS opcode a GPU runs it as, as Nsight Compute prints it (`LDS`, `STS`, `LDSM`), and the
   * width suffix it has when none is printed (`LDS` is `LDS.32`; `LDSM`'s suffixes are its shape).
   */
  readonly sass: { readonly opcode: string; readonly plainWidth: string };
  /** What a sentence calls one such request: "the read takes 2 rounds". */
  readonly requestNoun: string;
  /** How many matrices it moves: 1 unless it moves matrices. */
  matrices(shape: OperationShape): MatrixCount;
  /**
   * How its lanes are split into phases, given the bytes a lane covers and each lane's byte address
   * (negative for a lane that takes no part): the one rule the schedule and the fast count share.
   */
  phasing(shape: OperationShape, laneBytes: number, addresses: ArrayLike<number>): Phasing;
  /** Whether every lane of the warp must run it together (PTX's `.sync.aligned`). */
  readonly warpWide: boolean;
  /** Whether it writes shared memory, so that lanes whose bytes overlap race. */
  readonly writes: boolean;
  /** How a title names it beside the access ("store", "ldmatrix.x4"); `null` for the lesson's load. */
  describe(shape: OperationShape): string | null;
  /**
   * The module in `probes/` whose default export is its {@link OperationProbe}, named rather than
   * imported: `gpu:check` loads it, and the player never does.
   */
  readonly probe: string;
}

/** Lanes per phase: as many as 128 bytes hold, at most a warp. */
export const getLanesPerPhase = (bytes: number) => Math.min(WARP_SIZE, PHASE_BYTES / Math.max(4, bytes));

/** Elements at least this wide are loaded two lanes at a time when the lanes pair (8 and 16 bytes). */
const PAIRED_BYTES = 8;

/**
 * Phases of 128 bytes for an instruction of one element a lane; a load of 8 or 16 bytes whose lanes
 * all pair at n^1 or n^2 serves a pair as one, so its phases hold twice the lanes (measured on Volta
 * to Hopper for loads; stores are not, and stay as they are).
 */
const getElementPhasing =
  (pairing: boolean) =>
  (_shape: OperationShape, bytes: number, addresses: ArrayLike<number>): Phasing => {
    const pairs = pairing && bytes >= PAIRED_BYTES ? findLanePairs(addresses) : null;
    const lanesPerPhase = Math.min(WARP_SIZE, getLanesPerPhase(bytes) * (pairs ? 2 : 1));
    return { lanesPerPhase, phases: WARP_SIZE / lanesPerPhase, pairs };
  };

/** An instruction of one element a lane (`LDS`, `STS` of 1 to 16 bytes): every lane, in phases of 128 bytes. */
const ELEMENT_LANES = {
  fields: [],
  elementType: DEFAULT_ELEMENT_TYPE,
  typeNote: () => null,
  phaseNoun: 'phase',
  laneBytes: (shape: OperationShape) => getElementBytes(shape.type),
  givesAddress: () => true,
  warpWide: false,
  addressField: 'lanes',
  matrices: (): MatrixCount => 1,
} as const;

/** `x`: how many matrices an `ldmatrix` loads. */
function parseMatrices(text: string): Result<MatrixCount> {
  const n = Number(text);
  return (MATRIX_COUNTS as readonly number[]).includes(n) && /^\s*[124]\s*$/.test(text)
    ? ok(n as MatrixCount)
    : fail('x', `must be 1, 2 or 4 (ldmatrix's .x1, .x2 or .x4), not ${quote(text)}`);
}

const MATRICES_FIELD = defineField<MatrixCount, number | string, 'x'>({
  key: 'x',
  label: 'Matrices per ldmatrix (.x1, .x2, .x4)',
  description: 'How many 8×8 matrices one ldmatrix loads: 1, 2 or 4.',
  shape: { kind: 'choice', values: MATRIX_COUNTS.map(String) },
  choices: MATRIX_COUNTS.map((n) => [String(n), `.x${n}`] as const),
  default: 4,
  parse: parseMatrices,
  read: (value) =>
    typeof value === 'number' || typeof value === 'string'
      ? parseMatrices(String(value))
      : fail('x', 'must be 1, 2 or 4'),
  write: String,
});

/**
 * An instruction of 8×8 matrices of 16-bit elements: lanes 0 … 8x − 1 each give one 16-byte row
 * address, 16-byte aligned, and each matrix's 8 rows are a phase.
 */
const MATRIX_ROW_LANES = {
  fields: [MATRICES_FIELD],
  elementType: MATRIX_ELEMENT_TYPE,
  phaseNoun: 'matrix',
  typeNote: (type: ElementType) =>
    getElementBytes(type) === getElementBytes(MATRIX_ELEMENT_TYPE)
      ? null
      : `ldmatrix moves 16-bit elements (.b16), so its indices usually count half or bf16; as ${type}, each index counts ${getElementBytes(type)} byte${getElementBytes(type) === 1 ? '' : 's'}`,
  laneBytes: () => MATRIX_ROW_BYTES,
  givesAddress: (lane: number, shape: OperationShape) => lane < MATRIX_ROWS * shape.matrices,
  warpWide: true,
  addressField: 'x',
  misplaced: (lane: number, element: number, address: number, shape: OperationShape) =>
    address % MATRIX_ROW_BYTES === 0
      ? null
      : `lane ${lane}'s ldmatrix row starts at byte ${address}, which is not 16-byte aligned (element ${element} of ${getElementBytes(shape.type)}-byte ${shape.type})`,
  matrices: (shape: OperationShape) => shape.matrices,
  phasing: (shape: OperationShape): Phasing => ({ lanesPerPhase: MATRIX_ROWS, phases: shape.matrices, pairs: null }),
} as const;

/**
 * Every operation, the lesson's load first (the default), in the order Explore's menu lists them.
 * An operation is one entry here; `ldmatrix.trans` (the same rows, and so the same banks, as
 * `ldmatrix`), `stmatrix` and `cp.async` are each one more.
 */
export const OPERATIONS = [
  {
    id: 'load',
    label: 'Load',
    summary: 'a load',
    requestNoun: 'read',
    sass: { opcode: 'LDS', plainWidth: '32' },
    ...ELEMENT_LANES,
    phasing: getElementPhasing(true),
    writes: false,
    describe: () => null,
    probe: 'loadProbe',
  },
  {
    id: 'store',
    label: 'Store',
    summary: 'a store',
    requestNoun: 'store',
    sass: { opcode: 'STS', plainWidth: '32' },
    ...ELEMENT_LANES,
    phasing: getElementPhasing(false),
    writes: true,
    describe: () => 'store',
    probe: 'storeProbe',
  },
  {
    id: 'ldmatrix',
    label: 'ldmatrix (8×8 matrices of 16-bit elements)',
    summary: 'ldmatrix’s row loads',
    requestNoun: 'load',
    sass: { opcode: 'LDSM', plainWidth: '' },
    ...MATRIX_ROW_LANES,
    writes: false,
    describe: (shape: OperationShape) => `ldmatrix.x${shape.matrices}`,
    probe: 'ldmatrixProbe',
  },
] as const satisfies readonly OperationDefinition[];

/** What the warp's instruction does: load (`LDS`), store (`STS`), or `ldmatrix`'s row loads … */
export type Operation = (typeof OPERATIONS)[number]['id'];

const BY_ID = new Map<string, OperationDefinition<Operation>>(OPERATIONS.map((o) => [o.id, o]));

/** The definition of operation `id`. */
export const getOperation = (id: Operation): OperationDefinition<Operation> => BY_ID.get(id)!;
