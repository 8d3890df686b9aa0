/**
 * The element types a kernel's shared memory holds, by their size in bytes: an access's indices
 * count elements of its type, so lane `i` at index `e` touches bytes `[e·s, e·s + s)`.
 */
export const ELEMENT_BYTES = Object.freeze({
  char: 1,
  bool: 1,
  short: 2,
  half: 2,
  bf16: 2,
  char2: 2,
  int: 4,
  float: 4,
  half2: 4,
  bf162: 4,
  short2: 4,
  char4: 4,
  long: 8,
  double: 8,
  float2: 8,
  int2: 8,
  short4: 8,
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
 * half and bfloat16 types and their pairs, and the fixed-width, unsigned and vector integers of
 * the same size (a 64-bit `long` as on Linux, where CUDA's 64-bit builds run).
 */
export const TYPE_SPELLINGS: Readonly<Record<string, ElementType>> = Object.freeze({
  ...Object.fromEntries(ELEMENT_TYPES.map((t) => [t, t])),
  __half: 'half',
  __nv_bfloat16: 'bf16',
  nv_bfloat16: 'bf16',
  __half2: 'half2',
  __nv_bfloat162: 'bf162',
  nv_bfloat162: 'bf162',
  'signed char': 'char',
  'unsigned char': 'char',
  int8_t: 'char',
  uint8_t: 'char',
  uchar2: 'char2',
  uchar4: 'char4',
  'unsigned short': 'short',
  int16_t: 'short',
  uint16_t: 'short',
  ushort2: 'short2',
  ushort4: 'short4',
  unsigned: 'int',
  'unsigned int': 'int',
  int32_t: 'int',
  uint32_t: 'int',
  'long long': 'long',
  'unsigned long': 'long',
  'unsigned long long': 'long',
  int64_t: 'long',
  uint64_t: 'long',
  size_t: 'long',
  uint2: 'int2',
  uint4: 'int4',
});
