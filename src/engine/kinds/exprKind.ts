import { defineField } from '../accessField';
import { DEFAULT_ELEMENT_TYPE } from '../elementTypes';
import { createExpressionAccess } from '../generators';
import { KERNEL_GRAMMAR, parseIndexExpression } from '../indexExpression';
import { fail, ok, type Result } from '../result';
import { defineAccessKind } from './defineAccessKind';

function parseExpr(text: string): Result<string> {
  const parsed = parseIndexExpression(text, KERNEL_GRAMMAR);
  return parsed.ok ? ok(text) : parsed;
}

/** Each lane's word from a C integer expression over lane: a kernel's own indexing, pasted in. */
export const exprKind = defineAccessKind({
  id: 'expr',
  label: 'Index expression',
  fields: [
    defineField<string, string, 'expr'>({
      key: 'expr',
      label:
        'Index of each lane, in elements of the type: a C integer expression over lane, threadIdx, blockDim and the shared array (+ − * / % & | ^ ~ << >>)',
      description: 'A C integer expression over lane, for the expr pattern.',
      shape: { kind: 'text', maxLength: 500 },
      default: 'lane',
      parse: parseExpr,
      read: (value) => (typeof value === 'string' ? parseExpr(value) : fail('expr', 'must be an expression, as text')),
      write: (text) => text,
    }),
  ],
  linkFields: ['expr'],
  readsTile: false,
  build: (spec, lanes) => createExpressionAccess({ expr: spec.expr, ...lanes }),
  // An index counts words only for 4-byte elements with no array to subscript.
  describe: (spec) => `${spec.shared === '' && spec.type === DEFAULT_ELEMENT_TYPE ? 'Word' : 'Index'} = ${spec.expr}`,
});
