import {
  createSpecRequest,
  getAccessKind,
  getElementBytes,
  getSpecTile,
  getTileMap,
  readWrittenSpec,
} from '../../engine';
import { getCuteSwizzleText, getSwizzleText, getTileCostText } from '../../program/describeTile';
import { isAnswerOut, type PanelKindDefinition } from '../panelKindDefinition';

/** The tile panel's heading, said once for the page, the frame and Explore's place for a tile. */
export const TILE_HEADING = 'The tile in memory';

/** Wider rows than this are described, not drawn: a cell would be thinner than a hairline. */
const MAX_DRAWN_PITCH = 128;
/** Rows drawn at most: a read reaching further is drawn to here. */
const MAX_DRAWN_ROWS = 64;

/** The tile in memory, as both tile views draw it: every cell's bank, and the cells the read asks for. */
export interface TileRecord {
  readonly heading: string;
  /** Cells a row: the tile's row pitch, in elements. */
  readonly pitch: number;
  /** Rows drawn: every row the read reaches, up to 64. */
  readonly rows: number;
  readonly banks: number;
  /** Each cell's bank (the bank of its first word), row after row; `null` for padding. */
  readonly cells: readonly (number | null)[];
  /** The cells the read asks for, where they sit in memory. */
  readonly read: readonly { readonly row: number; readonly column: number }[];
  /** Set when a row is too wide to draw: what both views say instead of drawing the cells. */
  readonly tooWide: string | null;
  /** The drawing in words, for a screen reader. */
  readonly description: string;
  /** How to read the cells: colour (the bank, or a wide element's first word's), hatching, outlines. */
  readonly legend: string;
  readonly cost: string;
  /** What a swizzle does to it, for a swizzled tile. */
  readonly note: string | null;
  /** What the swizzle makes of this read (its rounds): said once no question about them is open. */
  readonly outcome: string | null;
  /** Whether {@link outcome} shows now: it answers the rounds a scene (or Explore) asks for. */
  readonly outcomeShown: boolean;
}

/** The tile as it is said before a question about its read is answered, and after. */
interface TileContent {
  readonly asking: TileRecord;
  readonly answered: TileRecord;
}

/** The tile a row or column read reads: every element by its bank, padding hatched, the ones read outlined. */
export const tilePanel: PanelKindDefinition<TileContent, TileRecord> = {
  content: (entry, schedule) => {
    const tile = getSpecTile(entry.spec);
    if (!tile?.ok) return null;
    const { columns, pitch } = tile.value;
    const drawn = pitch <= MAX_DRAWN_PITCH;
    const map = getTileMap(tile.value, schedule.access, schedule.type, schedule.model, MAX_DRAWN_ROWS);
    const wide = getElementBytes(schedule.type) > schedule.model.wordBytes;
    // A tile of 4-byte elements counts words, as the lesson does; any other counts its elements.
    const unit = getElementBytes(schedule.type) === schedule.model.wordBytes ? 'word' : schedule.type;
    const padding = pitch > columns ? ` and ${pitch - columns} of padding` : '';
    const swizzle = entry.spec.swizzle
      ? getCuteSwizzleText(entry.spec.swizzle, schedule)
      : tile.value.layout === 'xor'
        ? getSwizzleText(tile.value, schedule)
        : null;
    const answered: TileRecord = {
      heading: TILE_HEADING,
      pitch,
      rows: map.rows,
      banks: schedule.model.banks,
      cells: map.cells,
      read: map.read,
      tooWide: drawn ? null : `A row of ${pitch} ${unit}s is too wide to draw here.`,
      description: `A tile of ${map.rows} rows, each ${columns} useful ${unit}s${padding}; the ${unit}s this read requests are outlined.`,
      legend: `Colour: ${wide ? `the bank of each ${unit}’s first word` : `the bank each ${unit} lives in`}. Hatched: padding. Outlined: the ${unit}s this read requests.`,
      cost: getTileCostText(tile.value, schedule),
      note: swizzle?.rule ?? null,
      outcome: swizzle?.outcome ?? null,
      outcomeShown: true,
    };
    // A scene that asks nothing has nothing to keep back.
    return { answered, asking: entry.asksQuestion ? { ...answered, outcomeShown: false } : answered };
  },
  record: ({ asking, answered }, moment) => (isAnswerOut(moment) ? answered : asking),
  // An access that cannot be read is reported as such by the lesson's other checks.
  lacks: (scene) => {
    const spec = readWrittenSpec(scene.access);
    return spec.ok && createSpecRequest(spec.value).ok && !getAccessKind(spec.value.pattern).readsTile
      ? 'a tile panel needs a row or column read of a tile'
      : null;
  },
};
