import type { KernelLaunch, KernelResult, KernelSignature } from '../../engine';

/** A source to analyse with a launch, numbered so that only the answer to the latest is used. */
export interface KernelQuestion {
  readonly id: number;
  readonly source: string;
  readonly launch: KernelLaunch;
}

/** The analysis of a question (with the kernels the source declares), or why none could be made. */
export type KernelAnswer =
  | {
      readonly id: number;
      readonly signatures: readonly KernelSignature[];
      readonly result: KernelResult;
    }
  | { readonly id: number; readonly failure: string };
