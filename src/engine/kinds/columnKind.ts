import { getElementBytes } from '../elementTypes';
import { createColumnAccess } from '../generators';
import { defineAccessKind } from './defineAccessKind';
import { describeTile } from './describeTile';

/** Lane i reads row i of one useful column: successive lanes a row pitch apart. */
export const columnKind = defineAccessKind({
  id: 'column',
  label: 'Column read',
  fields: ['cols', 'pitch', 'col', 'layout'],
  linkFields: ['pitch', 'col'],
  readsTile: true,
  build: (spec, { mask }) =>
    createColumnAccess({ cols: spec.cols, pitch: spec.pitch, layout: spec.layout, mask, col: spec.col }),
  describe: (spec) => `Column ${spec.col}, ${describeTile(spec)}`,
  facts: (spec) => ({ col: String(spec.col) }),
  // The lesson's worked example: the first column of a plain tile of words is word lane × pitch;
  // a wider element's first word is lane × pitch × its words. Narrower ones share words: no rule.
  wordRule: (spec) => {
    const words = getElementBytes(spec.type) / 4;
    if (spec.col !== 0 || spec.layout !== 'plain' || words < 1) return null;
    return words === 1 ? 'Word = lane × pitch' : `First word = lane × pitch × ${words}`;
  },
  // The gcd rule holds for one-word elements only: wider ones are served in phases.
  pitchNote: (spec, banks, wholeWarp) =>
    spec.layout === 'plain' && wholeWarp && getElementBytes(spec.type) === 4
      ? `A whole warp's column read at row pitch p needs as many rounds as the greatest common divisor of p and ${banks}, so odd pitches are conflict-free.`
      : null,
});
