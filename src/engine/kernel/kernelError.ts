import type { SourcePosition } from './syntaxNode';

/** Why a kernel cannot be analyzed, where: what a person reads as `file:line:column: message`. */
export interface KernelError extends SourcePosition {
  readonly message: string;
  /** The included file the error is in; left out for the kernel's own file. */
  readonly file?: string;
}

/**
 * A refusal raised inside the analyzer: caught at its entry and returned as a {@link KernelError},
 * never let out.
 *
 * @remarks
 * The interpreter runs deep in recursive code; throwing this from wherever a refusal is decided
 * and catching it once in `analyzeKernel` keeps every evaluation step free of error plumbing.
 */
export class KernelRefusal extends Error {
  constructor(
    readonly at: SourcePosition,
    message: string,
  ) {
    super(message);
  }
}

/** Refuses at `at` with `message`. */
export function refuse(at: SourcePosition, message: string): never {
  throw new KernelRefusal(at, message);
}
