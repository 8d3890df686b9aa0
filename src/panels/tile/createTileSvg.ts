import { getBankColour, toCss } from '../../stage/palette';
import type { TileRecord } from './tilePanel';

const SVG = 'http://www.w3.org/2000/svg';

const svg = (tag: string, attributes: Record<string, string | number>) => {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
};

/**
 * The tile as it sits in memory, in the page: `rows` × pitch cells coloured by bank, padding
 * hatched, and the cells the access reads outlined.
 */
export function createTileSvg({ pitch, rows, cells, read, banks, description }: TileRecord): SVGSVGElement {
  const cell = 10;
  const root = svg('svg', {
    viewBox: `0 0 ${pitch * cell} ${rows * cell}`,
    class: 'tile-view',
    role: 'img',
    'aria-label': description,
  }) as SVGSVGElement;
  const defs = svg('defs', {});
  const pattern = svg('pattern', {
    id: 'tile-padding',
    width: 4,
    height: 4,
    patternUnits: 'userSpaceOnUse',
    patternTransform: 'rotate(45)',
  });
  pattern.append(
    svg('rect', { width: 4, height: 4, fill: '#161b22' }),
    svg('line', { x1: 0, y1: 0, x2: 0, y2: 4, stroke: '#9da7b3', 'stroke-width': 1.5 }),
  );
  defs.append(pattern);
  root.append(defs);
  // The cells of one bank are one path, not a rect each: a tile is a thousand cells or more, and as
  // many elements are slow to make, style and lay out. Padding cells stay rects.
  const banksCells = new Map<string, string>();
  cells.forEach((bank, i) => {
    const x = (i % pitch) * cell;
    const y = Math.floor(i / pitch) * cell;
    if (bank === null) {
      root.append(svg('rect', { x, y, width: cell - 1, height: cell - 1, fill: 'url(#tile-padding)' }));
      return;
    }
    const fill = toCss(getBankColour(bank, banks));
    banksCells.set(fill, `${banksCells.get(fill) ?? ''}M${x} ${y}h${cell - 1}v${cell - 1}h${1 - cell}z`);
  });
  for (const [fill, d] of banksCells) root.append(svg('path', { d, fill }));
  for (const { row, column } of read)
    root.append(
      svg('rect', {
        x: column * cell + 0.5,
        y: row * cell + 0.5,
        width: cell - 2,
        height: cell - 2,
        fill: 'none',
        stroke: '#ffffff',
        'stroke-width': 1.6,
        class: 'requested',
      }),
    );
  return root;
}
