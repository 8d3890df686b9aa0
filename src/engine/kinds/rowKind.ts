import { integerField } from '../accessField';
import { createRowAccess } from '../generators';
import { MAX_ROW } from '../tileLayout';
import { defineAccessKind } from './defineAccessKind';
import { describeTile } from './describeTile';
import { TILE_FIELDS } from './tileFields';

/** Lane i reads useful column i of one row: the lesson's conflict-free read. */
export const rowKind = defineAccessKind({
  id: 'row',
  label: 'Row read',
  fields: [
    TILE_FIELDS.cols,
    TILE_FIELDS.pitch,
    integerField({
      key: 'row',
      label: `Row (0–${MAX_ROW})`,
      description: 'The row a row read reads.',
      min: 0,
      max: MAX_ROW,
      default: 0,
    }),
    TILE_FIELDS.layout,
  ],
  linkFields: ['pitch', 'row'],
  readsTile: true,
  build: (spec, { mask }) =>
    createRowAccess({ cols: spec.cols, pitch: spec.pitch, layout: spec.layout, mask, row: spec.row }),
  describe: (spec) => `Row ${spec.row}, ${describeTile(spec)}`,
});
