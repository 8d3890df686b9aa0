import { createRowAccess } from '../generators';
import { defineAccessKind } from './defineAccessKind';
import { describeTile } from './describeTile';

/** Lane i reads useful column i of one row: the lesson's conflict-free read. */
export const rowKind = defineAccessKind({
  id: 'row',
  label: 'Row read',
  fields: ['cols', 'pitch', 'row', 'layout'],
  linkFields: ['pitch', 'row'],
  readsTile: true,
  build: (spec, { mask }) =>
    createRowAccess({ cols: spec.cols, pitch: spec.pitch, layout: spec.layout, mask, row: spec.row }),
  describe: (spec) => `Row ${spec.row}, ${describeTile(spec)}`,
  facts: (spec) => ({ row: String(spec.row) }),
});
