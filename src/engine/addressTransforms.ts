import { writeSwizzle, type Swizzle } from './swizzle';

/** A tile's geometry as a transform of its rows needs it: useful columns and allocated pitch. */
export interface TileGeometry {
  readonly columns: number;
  readonly pitch: number;
}

/**
 * One way a kernel stores its elements elsewhere than where its indices name them, so that a column
 * spreads across banks with no padding.
 *
 * @remarks
 * Each XORs bits of the offset with bits it leaves alone, so each is its own inverse: the same
 * function finds where an offset is stored and which offset a stored place holds.
 */
export interface AddressTransform<P> {
  /**
   * What its offsets count: `tile`, an offset into a tile's rows (a layout, chosen by `layout=`);
   * `element`, an element offset (chosen by `swizzle=`).
   */
  readonly on: 'tile' | 'element';
  /** What a form's menu calls it. */
  readonly label: string;
  /** The transform in a few words, as a title names it ("XOR swizzle", "Swizzle<3,3,3>"); `''`: none. */
  describe(params: P): string;
  /** Where offset `offset` is stored, under `params`. */
  apply(params: P, offset: number): number;
  /** Why it cannot transform a tile of these useful columns, if it cannot. */
  misfit?(params: P): string | null;
}

/** The lesson's XOR layout: row r keeps useful column c at position c ^ (r mod columns); padding stays put. */
function applyXor(tile: TileGeometry, offset: number): number {
  const row = Math.floor(offset / tile.pitch);
  const position = offset % tile.pitch;
  return position < tile.columns ? row * tile.pitch + (position ^ (row % tile.columns)) : offset;
}

/**
 * Where element offset `o` is stored, as CuTe's `Swizzle::apply`: `o ^ shiftr(o & yyy, S)`, where
 * `yyy` is B bits from M + max(0, S) and a negative shift moves left. For S ≥ 0 that is
 * `o ^ ((o >> S) & (((1 << B) − 1) << M))`.
 */
export function applySwizzle(swizzle: Swizzle, offset: number): number {
  const { bits, base, shift } = swizzle;
  const yyy = ((1 << bits) - 1) << (base + Math.max(0, shift));
  const moved = shift >= 0 ? (offset & yyy) >>> shift : (offset & yyy) << -shift;
  return offset ^ moved;
}

/**
 * Every address transform the model knows, in the order menus list them: a tile's two layouts, and
 * CuTe's `Swizzle<B,M,S>` on element offsets.
 *
 * @remarks
 * TMA's swizzle modes (`CU_TENSOR_MAP_SWIZZLE_32B`, `_64B`, `_128B`) are `Swizzle<1|2|3, 4, 3>` on
 * byte offsets: they join this table as one entry whose offsets count bytes, once the model takes in
 * the copies that use them.
 */
export const ADDRESS_TRANSFORMS = {
  plain: {
    on: 'tile',
    label: 'Plain',
    describe: () => '',
    apply: (_tile: TileGeometry, offset: number) => offset,
  },
  xor: {
    on: 'tile',
    label: 'XOR swizzle (over the useful columns)',
    describe: () => 'XOR swizzle',
    apply: applyXor,
    // Row r's XOR keeps positions inside the row only when the columns are a power of two.
    misfit: (tile: TileGeometry) =>
      (tile.columns & (tile.columns - 1)) === 0
        ? null
        : `an XOR swizzle needs a power-of-two number of useful columns (like 32 or 64), not ${tile.columns}`,
  },
  swizzle: {
    on: 'element',
    label: 'CuTe’s Swizzle<B,M,S> on element offsets',
    describe: (s: Swizzle) => `Swizzle<${writeSwizzle(s)}>`,
    apply: applySwizzle,
  },
} as const satisfies Record<string, AddressTransform<TileGeometry> | AddressTransform<Swizzle>>;

type Transforms = typeof ADDRESS_TRANSFORMS;

/** The transforms of a tile's rows: its layouts. */
export type Layout = { [K in keyof Transforms]: Transforms[K]['on'] extends 'tile' ? K : never }[keyof Transforms];

/** A tile's layouts, in menu order. */
export const LAYOUTS = (Object.keys(ADDRESS_TRANSFORMS) as (keyof Transforms)[]).filter(
  (id): id is Layout => ADDRESS_TRANSFORMS[id].on === 'tile',
);
