import type { Access } from './access';
import { getBank, type BankModel } from './bankModel';
import { getElementBytes, type ElementType } from './elementTypes';
import { getTileCell, getTileRows, type TileLayout } from './tileLayout';

/** A tile as it sits in memory, cell by cell: what both tile views colour and outline. */
export interface TileMap {
  /** Rows mapped: every row the read reaches (at least a warp's worth), up to the limit asked for. */
  readonly rows: number;
  /** Each cell's bank (the bank of its element's first word), row after row; `null` for padding. */
  readonly cells: readonly (number | null)[];
  /** The cells the read asks for, where they sit in memory (rows past the limit left out). */
  readonly read: readonly { readonly row: number; readonly column: number }[];
}

/**
 * Maps the first rows of `tile` (no more than `maxRows`) for a read of `access`: the bank of every
 * element of `type` in it, padding as `null`, and where each element the read asks for is stored.
 */
export function getTileMap(
  tile: TileLayout,
  access: Access,
  type: ElementType,
  model: BankModel,
  maxRows: number,
): TileMap {
  const rows = Math.min(getTileRows(tile, access), maxRows);
  const bytes = getElementBytes(type);
  const cells: (number | null)[] = [];
  for (let element = 0; element < rows * tile.pitch; element++)
    cells.push(
      getTileCell(tile, element).column === null
        ? null
        : getBank(Math.floor((element * bytes) / model.wordBytes), model),
    );
  const read = access.flatMap((element) => {
    if (element === null) return [];
    const { row, physicalColumn } = getTileCell(tile, element);
    return row < rows ? [{ row, column: physicalColumn }] : [];
  });
  return { rows, cells, read };
}
