import { type Binding, type KernelInterpreter } from './kernelInterpreter';
import { addPointers } from './kernelTypes';
import { makeLanes, type Place } from './laneValues';
import type { SharedMemoryLayout } from './layoutSharedMemory';
import { convertValue } from './combineValues';
import { constantOf } from './runStatement';
import { resolveType } from './resolveType';

/** Binds a file-scope name on first use (a constant, a `__shared__` array, a global); `null` when the file has none. */
export function bindGlobal(k: KernelInterpreter, layout: SharedMemoryLayout, name: string): Binding | null {
  const declaration = k.program.declarations.find((d) => d.declarators.some((x) => x.name === name));
  if (!declaration) return null;
  const d = declaration.declarators.find((x) => x.name === name)!;
  const saved = k.scope;
  k.scope = k.globals;
  try {
    const base = resolveType(k, declaration.type);
    const type = addPointers(base, d.pointers);
    const dims = d.dims.map((x) =>
      x === null ? null : constantOf(k, k.evaluate(x, k.live), `${x.text}: an array's size must be a constant`, x.at),
    );
    let binding: Binding;
    if (declaration.storage.shared) {
      const align = declaration.storage.align
        ? constantOf(k, k.evaluate(declaration.storage.align, k.live), '__align__ takes a constant', declaration.at)
        : 1;
      const place = layout.place(d, type, dims, align, declaration.storage.extern, d.at);
      binding = { kind: 'place', name, type, place };
    } else if (declaration.storage.isConst && d.init && type.kind === 'int' && dims.length === 0)
      binding = {
        kind: 'variable',
        name,
        type,
        value: convertValue(k, k.evaluate(d.init, k.live), type, k.live, d.init),
        isConst: true,
      };
    else {
      const place: Place = {
        space: 'global',
        array: null,
        type,
        dims: dims.map((x) => x ?? 0),
        addresses: makeLanes(),
        unknown: 0,
        why: null,
        name,
      };
      binding = { kind: 'place', name, type, place };
    }
    k.globals.declare(name, binding);
    return binding;
  } finally {
    k.scope = saved;
  }
}
