import { getBank, getTileCell, type Access, type BankModel, type TileLayout } from '../../engine';

const SVG = 'http://www.w3.org/2000/svg';

const svg = (tag: string, attributes: Record<string, string | number>) => {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
};

/** A hue per bank, so the same bank reads the same colour in every row. */
const bankColour = (bank: number, banks: number) => `hsl(${Math.round((bank * 360) / banks)} 55% 42%)`;

/**
 * The tile as it sits in memory: `rows` × pitch words coloured by bank, padding words hatched, and
 * the words the access reads outlined.
 */
export function createTileView(access: Access, tile: TileLayout, rows: number, model: BankModel): SVGSVGElement {
  const rowPitch = tile.pitch;
  const cell = 10;
  const root = svg('svg', {
    viewBox: `0 0 ${rowPitch * cell} ${rows * cell}`,
    class: 'tile-view',
    role: 'img',
    'aria-label': `A tile of ${rows} rows, each ${tile.columns} useful words${rowPitch > tile.columns ? ` and ${rowPitch - tile.columns} of padding` : ''}; the words this read requests are outlined.`,
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
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < rowPitch; col++) {
      const word = row * rowPitch + col;
      const padding = getTileCell(tile, word).column === null;
      root.append(
        svg('rect', {
          x: col * cell,
          y: row * cell,
          width: cell - 1,
          height: cell - 1,
          fill: padding ? 'url(#tile-padding)' : bankColour(getBank(word, model), model.banks),
        }),
      );
    }
  }
  for (const word of access) {
    if (word === null) continue;
    const { row, physicalColumn: col } = getTileCell(tile, word);
    if (row >= rows) continue;
    root.append(
      svg('rect', {
        x: col * cell + 0.5,
        y: row * cell + 0.5,
        width: cell - 2,
        height: cell - 2,
        fill: 'none',
        stroke: '#ffffff',
        'stroke-width': 1.6,
        class: 'requested',
      }),
    );
  }
  return root;
}
