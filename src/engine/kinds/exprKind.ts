import { createExpressionAccess } from '../generators';
import { defineAccessKind } from './defineAccessKind';

/** Each lane's word from a C integer expression over lane: a kernel's own indexing, pasted in. */
export const exprKind = defineAccessKind({
  id: 'expr',
  label: 'Index expression',
  fields: ['expr'],
  linkFields: ['expr'],
  readsTile: false,
  build: (spec, lanes) => createExpressionAccess({ expr: spec.expr, ...lanes }),
  describe: (spec) => `Word = ${spec.expr}`,
  facts: (spec) => ({ expr: spec.expr }),
});
