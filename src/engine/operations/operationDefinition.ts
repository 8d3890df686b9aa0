import type { AnyField } from '../accessField';
import type { AccessSpec } from '../accessSpec';
import { WARP_SIZE } from '../bankModel';
import type { ElementType } from '../elementTypes';
import type { PairDistance } from '../lanePairs';

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
  /**
   * Accesses probed for this operation beyond Explore's presets, the chapter's scenes and the seeded
   * sample (which an operation added later is not in): each named, as an access's fields.
   */
  readonly accesses?: readonly { readonly name: string; readonly fields: Partial<AccessSpec> }[];
}

/**
 * One shared-memory instruction as a kernel writes it: its operation, the element type each lane
 * moves, its matrix count (1 unless it moves matrices), and the SASS form a person reads (`LDS.32`).
 */
export interface InstructionForm<Id extends string = string> {
  readonly op: Id;
  readonly type: ElementType;
  readonly matrices: MatrixCount;
  readonly form: string;
}

/** What an operation makes of one PTX instruction: its form, why it is refused, or `null` when not its own. */
export type PtxReading<Id extends string = string> = InstructionForm<Id> | { readonly refused: string } | null;

/**
 * A C function that makes the operation (`__pipeline_memcpy_async(dst, src, bytes)`,
 * `cuda::ptx::stmatrix_m8n8(p, r)`), by its name without namespaces: which of its arguments is the
 * shared-memory address, and which gives the bytes each lane moves (`size`) or the matrices (`count`:
 * an array of 1, 2 or 4 registers).
 */
export interface OperationIntrinsic {
  readonly name: string;
  readonly address: number;
  readonly size?: number;
  readonly count?: number;
  /** Whether it is the `.trans` form (the same rows: only its SASS form differs). */
  readonly trans?: boolean;
}

/**
 * One warp instruction on shared memory, defined once: the bytes each lane's address covers, which
 * lanes give one, how the warp is split into phases, whether it writes, how it is named, and its
 * probe on a real GPU; its file also says how kernels write it ({@link OperationPtx}). Nothing
 * outside its file asks which operation it is by name.
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
  /** The compute capability it needs, as in `sm_90` (0: any the analyzer knows). */
  readonly arch: number;
  /**
   * Said once wherever a report names it, where its count is a model that NVIDIA documents nothing
   * for (cp.async); `null` for an operation whose bank rule is NVIDIA's or measured.
   */
  readonly modelNote: string | null;
}

/**
 * How kernels write an operation: its PTX, the C functions that make it and the forms they make.
 *
 * @remarks
 * In the operation's own file beside its {@link OperationDefinition}, as a second export
 * (`STMATRIX_PTX` beside `STMATRIX`), so that the page, which reads no kernel, leaves it out of its
 * first load: only the kernel analyzer imports it.
 */
export interface OperationPtx<Id extends string = string> {
  readonly id: Id;
  /** How PTX writes it, for a sentence that lists what the analyzer reads (`ld.shared`, `cp.async`). */
  readonly ptxName: string;
  /**
   * Reads one PTX instruction (`parts`: its opcode split at the dots; `instruction`: the whole of it,
   * operands included) as this operation, or `null` when the opcode is another's.
   */
  readPtx(parts: readonly string[], instruction: string): PtxReading<Id>;
  /** The C functions that make it, as people write them; none for most. */
  readonly intrinsics: readonly OperationIntrinsic[];
  /** For an operation of one element a lane: its form for an element of `type` (`LDS.32`). */
  formOfType?(type: ElementType): InstructionForm<Id>;
  /**
   * For an operation whose lanes move a size given at run time (a copy): its form for `bytes` a lane,
   * or `null` for a size it cannot move.
   */
  formOfSize?(bytes: number): InstructionForm<Id> | null;
  /** For a matrix instruction: its form for `matrices` matrices (`.trans` or not), or `null` for another count. */
  formOfCount?(matrices: number, trans: boolean): InstructionForm<Id> | null;
  /** The bytes a lane it can move, where that is given at run time (cp.async's 4, 8 or 16). */
  readonly sizes?: readonly number[];
}

/** Lanes per phase: as many as 128 bytes hold, at most a warp. */
export const getLanesPerPhase = (bytes: number) => Math.min(WARP_SIZE, PHASE_BYTES / Math.max(4, bytes));
