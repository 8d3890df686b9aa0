import type { ElementType } from '../elementTypes';
import type { ThreadBlock } from '../threadBlock';
import type { MatrixCount, Operation } from '../operations';
import type { KernelIncludes } from './preprocess/preprocessKernel';

/** A shared array as the analysis laid it out: where it starts in the block's shared window. */
export interface SharedArrayPlacement {
  readonly name: string;
  /** The element type as written (`float`, `float4`), and the engine's element type for it. */
  readonly declared: string;
  readonly type: ElementType;
  /** Dimensions, outermost first; an `extern` array's single dimension is what the launch gives it. */
  readonly dims: readonly number[];
  readonly bytes: number;
  /** Its first byte in the shared window: static arrays in declaration order at their alignment, then `extern`. */
  readonly base: number;
  readonly align: number;
  readonly dynamic: boolean;
  readonly line: number;
}

/** The value of a loop's variables when an instruction ran: `null` where the warp's lanes differ. */
export interface LoopValues {
  /** The loop's line. */
  readonly line: number;
  /** 0-based: how many times the warp had gone round it. */
  readonly iteration: number;
  readonly values: Readonly<Record<string, number | null>>;
}

/**
 * One warp's shared-memory instruction as the kernel ran it: enough to rebuild the engine's
 * `WarpRequest` (and so its schedule) for the stage. A report keeps its instructions in columns
 * ({@link KernelInstructions}); `getInstruction` makes this object for the one a consumer asks for.
 */
export interface KernelInstruction {
  /** Its place in the report's list, in the order the warps ran. */
  readonly index: number;
  /** The kernel's line it counts at (the call's line, for an access inside a `__device__` function). */
  readonly line: number;
  /** The line of the access itself, where that is inside a function the kernel calls; else `null`. */
  readonly inner: number | null;
  readonly column: number;
  readonly op: Operation;
  readonly type: ElementType;
  readonly matrices: MatrixCount;
  /** The form a person reads in SASS: `LDS.32`, `STS.128`, `LDSM.x4`. */
  readonly form: string;
  readonly warp: number;
  /** Each lane's first byte in the shared window; -1 where the lane takes no part. */
  readonly addresses: Int32Array;
  readonly rounds: number;
  /** One round a phase that carries a request. */
  readonly ideal: number;
  /** A store some of whose lanes write overlapping bytes (which value lands is undefined). */
  readonly racing: boolean;
  readonly loops: readonly LoopValues[];
}

/** A place in the source that made shared accesses, with their form: what its instructions share. */
export type InstructionSite = Pick<
  KernelInstruction,
  'line' | 'inner' | 'column' | 'op' | 'type' | 'matrices' | 'form'
>;

/**
 * A run's instructions in columns: plain, structured-cloneable data (the worker transfers its typed
 * arrays to the page). Instruction `i` ran at site `site[i]` in warp `warp[i]`, made the lanes of
 * address pattern `pattern[i]` and saw the loop values of list `loops[i]`.
 *
 * @remarks
 * A run makes tens or hundreds of thousands of instructions from a few sites, a few hundred
 * distinct address patterns and a few thousand lists of loop values: as objects they were most of a
 * run's time (their making and the garbage collector's copying of them).
 */
export interface KernelInstructions {
  readonly count: number;
  readonly site: Int32Array;
  readonly warp: Int32Array;
  readonly pattern: Int32Array;
  readonly loops: Int32Array;
  readonly sites: readonly InstructionSite[];
  /** Each distinct pattern's counted lanes: `addresses` 32 a pattern (pattern `p`'s from `p * 32`), -1 for a lane that takes no part. */
  readonly patterns: {
    readonly addresses: Int32Array;
    readonly rounds: Int32Array;
    readonly ideal: Int32Array;
    /** 1 where a store's lanes race. */
    readonly racing: Uint8Array;
  };
  /** Each distinct list of the loops' values around an instruction, the outermost loop first. */
  readonly lists: readonly (readonly LoopValues[])[];
}

/**
 * One line's accesses of one operation and type, summed over every warp of the block: a line of the
 * kernel, or a line inside a function it calls, a row for each kernel line that calls it.
 */
export interface KernelLine {
  /** The kernel's line it counts at (the call's line, for an access inside a `__device__` function). */
  readonly line: number;
  /** Its column on `line` (the call's, for an access inside a called function). */
  readonly column: number;
  readonly op: Operation;
  readonly type: ElementType;
  readonly form: string;
  /** The line of the accesses themselves, where that is inside a function the kernel calls; else `null`. */
  readonly inner: number | null;
  /** Warp instructions over the block. */
  readonly executions: number;
  readonly rounds: number;
  readonly ideal: number;
  readonly excess: number;
  /** Store instructions with lanes that race. */
  readonly racing: number;
  /** The instruction with the most rounds past its ideal (the first such). */
  readonly worst: number;
  /** The text of the accesses' own line (`inner`'s, else `line`'s), trimmed. */
  readonly source: string;
}

/** What one launch's analysis found: per line, per operation, and every instruction behind it. */
export interface KernelReport {
  readonly kernel: string;
  readonly block: ThreadBlock;
  readonly grid: ThreadBlock;
  readonly blockIdx: ThreadBlock;
  /** The integer values (and template types) the launch gave, by name. */
  readonly args: Readonly<Record<string, number | string>>;
  /** The kernel's parameters as declared, in order: what a harness must pass to launch it. */
  readonly parameters: readonly {
    readonly name: string;
    readonly type: string;
    readonly kind: 'int' | 'pointer' | 'data';
  }[];
  /** Its template parameters' names, in order (empty for a plain kernel). */
  readonly template: readonly string[];
  readonly arrays: readonly SharedArrayPlacement[];
  /** In source order, then by operation. */
  readonly lines: readonly KernelLine[];
  readonly total: {
    readonly executions: number;
    readonly rounds: number;
    readonly ideal: number;
    readonly excess: number;
  };
  /** Every instruction of the run, in the order the warps ran them (see `getInstruction`). */
  readonly instructions: KernelInstructions;
  /** Warp-level steps the run took (statements and loop iterations), against the budget. */
  readonly steps: number;
  /** Lines of loops with shared accesses whose trip count comes from `gridDim` (a grid-stride loop). */
  readonly gridLoops?: readonly number[];
}

/** One launch: the kernel, the block and the values of its parameters. */
export interface KernelLaunch {
  /** The `__global__` function to run; the file's only one when left out. */
  readonly kernel?: string;
  readonly block: ThreadBlock;
  /** `gridDim` (1×1×1) and `blockIdx` (0, 0, 0) unless given. */
  readonly grid?: ThreadBlock;
  readonly blockIdx?: ThreadBlock;
  /** Integer kernel and template parameters by name; a template's type parameters by type name. */
  readonly args?: Readonly<Record<string, number | string>>;
  /** Bytes of dynamic shared memory (`extern __shared__`); what is left of 227 KB when left out. */
  readonly dynamicSharedBytes?: number;
  /** Warp-level steps allowed before a loop is called runaway. */
  readonly stepBudget?: number;
  /** `-D NAME=value` (`-D NAME` is `'1'`) and `-U NAME` (`null`), the later of two for one name winning. */
  readonly defines?: Readonly<Record<string, string | null>>;
  /** The kernel's file name and the files its `#include "…"`s may name. */
  readonly includes?: KernelIncludes;
  /** Milliseconds of running allowed before a loop is called runaway (whichever budget comes first). */
  readonly timeBudgetMs?: number;
}
