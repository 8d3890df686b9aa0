import type { TileRecord } from '../../program/panels/tilePanel';
import { createElement } from '../createElement';
import { createTileView } from './createTileView';

/** Wider rows than this are described, not drawn: a cell would be thinner than a hairline. */
const MAX_DRAWN_PITCH = 128;

/**
 * The tile in memory: every word coloured by its bank, padding hatched, the words read outlined,
 * with its cost and, for a swizzle, what the swizzle does.
 */
export function createTilePanel(record: TileRecord): HTMLElement {
  const { tile, cost, note, unit, legend } = record;
  return createElement(
    'div',
    { class: 'tile-box', 'data-testid': 'tile' },
    tile.pitch <= MAX_DRAWN_PITCH
      ? createTileView(record)
      : createElement('p', { class: 'panel-note' }, `A row of ${tile.pitch} ${unit}s is too wide to draw here.`),
    createElement('p', { class: 'panel-note', 'data-testid': 'tile-cost' }, cost),
    createElement('p', { class: 'panel-note' }, legend),
    ...(note ? [createElement('p', { class: 'panel-note', 'data-testid': 'tile-note' }, note)] : []),
  );
}
