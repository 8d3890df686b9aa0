import { KernelRefusal } from './kernelError';
import type { KernelProgram, TypeName } from './kernelSyntax';
import { getBaseType } from './kernelTypes';
import { prepareCudaSource } from './prepareCudaSource';
import { preprocessKernel } from './preprocess/preprocessKernel';
import type { KernelLaunch } from './kernelReport';
import { readKernelProgram } from './readKernelProgram';
import type { KernelParse } from './syntaxNode';

/** One `__global__` function as declared: what a launch must give it, read without running it. */
export interface KernelSignature {
  readonly name: string;
  readonly line: number;
  /** Its parameters in order; `int` ones take a value from the launch, the others are data or pointers. */
  readonly parameters: readonly { readonly name: string; readonly type: string; readonly kind: ParameterKind }[];
  /** Its template parameters: `int` ones take a whole number, `type` ones a type name. */
  readonly template: readonly { readonly name: string; readonly kind: 'int' | 'type' }[];
}

type ParameterKind = 'int' | 'pointer' | 'data';

/** What a type written in a signature is, typedefs followed (a template's type is data). */
function getKind(program: KernelProgram, type: TypeName, seen = 0): ParameterKind {
  if (type.pointers > 0) return 'pointer';
  const alias = program.typedefs.get(type.name);
  if (alias && seen < 32) return getKind(program, alias, seen + 1);
  return getBaseType(type.name).kind === 'int' ? 'int' : 'data';
}

/**
 * The kernels a source declares and their parameters, from its syntax alone: what a form asks a
 * value for before (and whether or not) the kernel can be run. A source the parser cannot read
 * far enough to find them gives the ones it found, or none.
 */
export function getKernelSignatures(
  source: string,
  parse: KernelParse,
  launch?: Pick<KernelLaunch, 'defines' | 'includes'>,
): readonly KernelSignature[] {
  // Preprocessed as the analysis is (its lines are the file's), so a kernel under #if or a macro is found as nvcc finds it.
  const tree = parse(prepareCudaSource(preprocessKernel(source, launch?.defines, launch?.includes).output.text));
  try {
    const program = readKernelProgram(tree.rootNode);
    return [...program.functions.values()]
      .filter((f) => f.global)
      .map((f) => ({
        name: f.name,
        line: f.at.line,
        parameters: f.parameters.map((p) => ({
          name: p.name,
          type: `${p.type.name}${'*'.repeat(p.type.pointers)}`,
          kind: getKind(program, p.type),
        })),
        template: (f.template ?? []).map((t) => ({
          name: t.name,
          kind: t.type ? ('int' as const) : ('type' as const),
        })),
      }));
  } catch (error) {
    if (error instanceof KernelRefusal) return [];
    throw error;
  } finally {
    tree.delete?.();
  }
}
