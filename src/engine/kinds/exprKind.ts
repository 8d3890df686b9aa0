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
  // An index counts words only for 4-byte elements with no array to subscript.
  describe: (spec) => `${spec.shared === '' && spec.type === 'float' ? 'Word' : 'Index'} = ${spec.expr}`,
  facts: (spec) => ({ expr: spec.expr }),
});
