import { checkSharedBytes, MAX_DYNAMIC_SHARED_BYTES } from '../sharedArray';
import { refuse } from './kernelError';
import type { SharedArrayPlacement } from './kernelReport';
import type { Declarator } from './kernelSyntax';
import { getElementType, getTypeBytes, type KernelType } from './kernelTypes';
import { fillLanes, type Place } from './laneValues';
import type { SourcePosition } from './syntaxNode';

/** Dynamic shared memory starts at least this aligned, whatever its arrays' types. */
const DYNAMIC_ALIGN = 16;

/**
 * The block's shared window as the analysis lays it out: static arrays in the order the kernel
 * declares them, each at its alignment, then dynamic (`extern`) memory after them all.
 *
 * @remarks
 * A compiler may order static arrays otherwise; the report says what was assumed. Dynamic memory's
 * base is fixed the first time an `extern` array is declared, so a static array declared after that
 * is refused rather than laid out over it.
 */
export class SharedMemoryLayout {
  readonly arrays: SharedArrayPlacement[] = [];
  private readonly placed = new Map<Declarator, SharedArrayPlacement>();
  private readonly places = new Map<Declarator, Place>();
  private end = 0;
  private dynamicBase: number | null = null;

  constructor(private readonly dynamicBytes: number | null) {}

  /** The place of a declarator's array (its first element), laid out on its first declaration. */
  place(
    declarator: Declarator,
    type: KernelType,
    dims: readonly (number | null)[],
    align: number,
    dynamic: boolean,
    at: SourcePosition,
  ): Place {
    const placement = this.placed.get(declarator) ?? this.lay(declarator, type, dims, align, dynamic, at);
    // The same place each time a loop's body declares it again, while its type is the same: what is
    // found from it (its rows, its loads' form) is found once.
    const kept = this.places.get(declarator);
    if (kept && kept.array === placement && isSameType(kept.type, type)) return kept;
    const made: Place = {
      space: 'shared',
      array: placement,
      type,
      dims: placement.dims,
      addresses: fillLanes(placement.base),
      unknown: 0,
      why: null,
      name: placement.name,
    };
    this.places.set(declarator, made);
    return made;
  }

  private lay(
    d: Declarator,
    type: KernelType,
    dims: readonly (number | null)[],
    align: number,
    dynamic: boolean,
    at: SourcePosition,
  ): SharedArrayPlacement {
    const element = getElementType(type);
    const size = getTypeBytes(type);
    if (!element || size === null) refuse(at, `${d.name}: ${type.name} is not an element type the model knows`);
    const natural = Math.max(align, size <= 16 ? size : 16);
    if (natural & (natural - 1)) refuse(at, `${d.name}: an alignment of ${natural} bytes is not a power of two`);
    let placement: SharedArrayPlacement;
    if (dynamic) {
      // `a[]` or `a[][N]…`: the first dimension unsized, the rest the row's shape.
      const inner = dims.slice(1);
      if (dims.length === 0 || dims[0] !== null || inner.some((n) => n === null || n < 1))
        refuse(at, `${d.name}: an extern __shared__ array is declared unsized (${d.name}[] or ${d.name}[][N])`);
      const row = (inner as number[]).reduce((a, b) => a * b, 1) * size;
      this.dynamicBase ??= roundUp(this.end, DYNAMIC_ALIGN);
      const base = roundUp(this.dynamicBase, natural);
      const bytes = this.dynamicBytes ?? MAX_DYNAMIC_SHARED_BYTES - base;
      const checked = checkSharedBytes(d.name, base - this.dynamicBase + bytes, true);
      if (!checked.ok) refuse(at, checked.error.reason);
      placement = {
        name: d.name,
        declared: type.name,
        type: element,
        dims: [Math.floor(bytes / row), ...(inner as number[])],
        bytes: Math.floor(bytes / row) * row,
        base,
        align: natural,
        dynamic: true,
        line: at.line,
      };
    } else {
      if (dims.some((x) => x === null)) refuse(at, `${d.name}: only an extern __shared__ array may be unsized`);
      if (this.dynamicBase !== null)
        refuse(
          at,
          `${d.name} is declared after the extern __shared__ array, whose place is already fixed after the static arrays: declare the static arrays first`,
        );
      const counts = dims as number[];
      if (counts.some((n) => n < 1)) refuse(at, `${d.name}: every dimension must be at least 1`);
      const bytes = counts.reduce((a, b) => a * b, 1) * size;
      const base = roundUp(this.end, natural);
      const checked = checkSharedBytes(`the static __shared__ arrays up to ${d.name}`, base + bytes, false);
      if (!checked.ok) refuse(at, checked.error.reason);
      this.end = base + bytes;
      placement = {
        name: d.name,
        declared: type.name,
        type: element,
        dims: counts,
        bytes,
        base,
        align: natural,
        dynamic: false,
        line: at.line,
      };
    }
    this.placed.set(d, placement);
    this.arrays.push(placement);
    return placement;
  }
}

const roundUp = (n: number, to: number) => Math.ceil(n / to) * to;

/** Whether two types are the same type (made by two resolutions of one name). */
function isSameType(a: KernelType, b: KernelType): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind || a.name !== b.name) return false;
  if (a.kind === 'int') return b.kind === 'int' && a.int === b.int;
  if (a.kind === 'data') return b.kind === 'data' && a.bytes === b.bytes;
  return b.kind === 'pointer' && isSameType(a.to, b.to);
}
