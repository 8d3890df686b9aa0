import { integerField } from '../accessField';
import { getElementBytes } from '../elementTypes';
import { createColumnAccess } from '../generators';
import { LAYOUTS, MAX_PITCH } from '../tileLayout';
import { defineAccessKind } from './defineAccessKind';
import { describeTile } from './describeTile';
import { TILE_FIELDS } from './tileFields';

const PLAIN = LAYOUTS[0];

/** Lane i reads row i of one useful column: successive lanes a row pitch apart. */
export const columnKind = defineAccessKind({
  id: 'column',
  label: 'Column read',
  fields: [
    TILE_FIELDS.cols,
    TILE_FIELDS.pitch,
    integerField({
      key: 'col',
      label: 'Column (0 to useful columns − 1)',
      description: 'The column a column read reads.',
      min: 0,
      max: MAX_PITCH - 1,
      default: 0,
    }),
    TILE_FIELDS.layout,
  ],
  linkFields: ['pitch', 'col'],
  readsTile: true,
  build: (spec, { mask }) =>
    createColumnAccess({ cols: spec.cols, pitch: spec.pitch, layout: spec.layout, mask, col: spec.col }),
  describe: (spec) => `Column ${spec.col}, ${describeTile(spec)}`,
  // The lesson's worked example: the first column of a plain tile of words is word lane × pitch;
  // a wider element's first word is lane × pitch × its words. Narrower ones share words: no rule.
  wordRule: (spec) => {
    const words = getElementBytes(spec.type) / 4;
    if (spec.col !== 0 || spec.layout !== PLAIN || words < 1) return null;
    return words === 1 ? 'Word = lane × pitch' : `First word = lane × pitch × ${words}`;
  },
  // The gcd rule holds for one-word elements only: wider ones are served in phases.
  pitchNote: (spec, banks, wholeWarp) =>
    spec.layout === PLAIN && wholeWarp && getElementBytes(spec.type) === 4
      ? `A whole warp's column read at row pitch p needs as many rounds as the greatest common divisor of p and ${banks}, so odd pitches are conflict-free.`
      : null,
});
