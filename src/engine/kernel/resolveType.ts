import { refuse } from './kernelError';
import type { KernelInterpreter } from './kernelInterpreter';
import type { TypeName } from './kernelSyntax';
import { addPointers, getBaseType, type KernelType } from './kernelTypes';

/**
 * The type a name written in the kernel stands for: a template's type argument, a typedef, an
 * integer or data type, with its pointers.
 */
export function resolveType(k: KernelInterpreter, type: TypeName): KernelType {
  const template = k.templateTypes.get(type.name);
  if (template) return addPointers(template, type.pointers);
  const alias = k.program.typedefs.get(type.name);
  if (alias) return addPointers(resolveType(k, alias), type.pointers);
  if (type.name.includes('<') && !/^thread_block_tile<\d+>$/.test(type.name))
    refuse(type.position, `the type ${type.name} is a template class, outside the subset the analyzer runs`);
  if (type.name === 'auto') refuse(type.position, 'auto is resolved from its initialiser only in a declaration');
  return addPointers(getBaseType(type.name), type.pointers);
}
