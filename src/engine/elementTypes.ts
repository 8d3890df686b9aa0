/**
 * The element types a kernel's shared memory holds, by their size in bytes: an access's indices
 * count elements of its type, so lane `i` at index `e` touches bytes `[e·s, e·s + s)`.
 */
export const ELEMENT_BYTES = Object.freeze({
  char: 1,
  short: 2,
  half: 2,
  bf16: 2,
  int: 4,
  float: 4,
  double: 8,
  float2: 8,
  int2: 8,
  float4: 16,
  int4: 16,
  double2: 16,
});

export type ElementType = keyof typeof ELEMENT_BYTES;

export const ELEMENT_TYPES = Object.keys(ELEMENT_BYTES) as readonly ElementType[];

/** The lesson's element: a 4-byte float, one word. */
export const DEFAULT_ELEMENT_TYPE: ElementType = 'float';

/** The bytes one element of `type` takes. */
export const getElementBytes = (type: ElementType): number => ELEMENT_BYTES[type];

/**
 * How a kernel may spell a type in a `__shared__` declaration, beyond the names above: CUDA's own
 * half and bfloat16 types, and the fixed-width and unsigned integers of the same size.
 */
export const TYPE_SPELLINGS: Readonly<Record<string, ElementType>> = Object.freeze({
  ...Object.fromEntries(ELEMENT_TYPES.map((t) => [t, t])),
  __half: 'half',
  __nv_bfloat16: 'bf16',
  nv_bfloat16: 'bf16',
  'signed char': 'char',
  'unsigned char': 'char',
  int8_t: 'char',
  uint8_t: 'char',
  'unsigned short': 'short',
  int16_t: 'short',
  uint16_t: 'short',
  unsigned: 'int',
  'unsigned int': 'int',
  int32_t: 'int',
  uint32_t: 'int',
  uint2: 'int2',
  uint4: 'int4',
});
