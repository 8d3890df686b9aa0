/**
 * Whole kernels: a CUDA kernel's source run over one block, every shared-memory line reported.
 *
 * @remarks
 * Pure like the rest of the engine: the C++ parser is passed in (see {@link KernelParse}).
 */
export * from './analyzeKernel';
export * from './kernelReport';
export * from './kernelRows';
export * from './kernelInstructions';
export type { KernelError } from './kernelError';
export type { KernelParse, SyntaxNode, SourcePosition } from './syntaxNode';
export { countRounds, type RoundCount } from './countRounds';
export * from './getInstructionSpec';
export * from './getKernelSignatures';
export * from './readLaunchComments';
export * from './suggest';
export { normalizePath, type KernelIncludes } from './preprocess/preprocessKernel';
export { PREDEFINED_MACROS } from './preprocess/preprocessSource';
