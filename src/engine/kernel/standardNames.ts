import { dataWhy } from './kernelInterpreter';
import type { Expression } from './kernelSyntax';
import { getBaseType } from './kernelTypes';
import { makeLanes, type Value } from './laneValues';

/** The C library's and CUDA's floating-point constants a kernel names, by the type of their value. */
const FLOATING: Readonly<Record<string, 'float' | 'double'>> = {
  INFINITY: 'float',
  NAN: 'float',
  HUGE_VALF: 'float',
  HUGE_VAL: 'double',
  FLT_MAX: 'float',
  FLT_MIN: 'float',
  FLT_EPSILON: 'float',
  DBL_MAX: 'double',
  DBL_MIN: 'double',
  DBL_EPSILON: 'double',
  CUDART_INF_F: 'float',
  CUDART_NAN_F: 'float',
  CUDART_INF: 'double',
  CUDART_NAN: 'double',
  CUDART_PI_F: 'float',
  CUDART_PI: 'double',
};

const NULL_POINTERS = new Set(['NULL', 'nullptr']);

/**
 * A standard name the file need not declare: a floating-point constant (data, as any float), or a
 * null pointer (a pointer outside shared memory); `null` for any other name.
 */
export function getStandardValue(e: Extract<Expression, { kind: 'name' }>): Value | null {
  const floating = FLOATING[e.name];
  if (floating) return { kind: 'data', type: getBaseType(floating), why: dataWhy(e) };
  if (!NULL_POINTERS.has(e.name)) return null;
  const type = getBaseType('void');
  return {
    kind: 'pointer',
    type: { kind: 'pointer', to: type, name: 'void*' },
    place: {
      space: 'global',
      array: null,
      type,
      dims: [],
      addresses: makeLanes(),
      unknown: 0,
      why: null,
      name: e.name,
    },
  };
}
