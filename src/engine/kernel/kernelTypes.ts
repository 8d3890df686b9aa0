import { ELEMENT_BYTES, TYPE_SPELLINGS, type ElementType } from '../elementTypes';

/** A C integer type: its width, signedness and conversion rank (C's usual arithmetic conversions). */
export interface IntType {
  readonly name: string;
  readonly bits: 1 | 8 | 16 | 32 | 64;
  readonly signed: boolean;
  readonly rank: number;
}

const int = (name: string, bits: IntType['bits'], signed: boolean, rank: number): IntType =>
  Object.freeze({ name, bits, signed, rank });

/** The integer types, one per width and signedness: `long` and `long long` are both 64 bits here. */
export const INT_TYPES = {
  bool: int('bool', 1, false, 0),
  char: int('char', 8, true, 1),
  'signed char': int('signed char', 8, true, 1),
  'unsigned char': int('unsigned char', 8, false, 1),
  short: int('short', 16, true, 2),
  'unsigned short': int('unsigned short', 16, false, 2),
  int: int('int', 32, true, 3),
  'unsigned int': int('unsigned int', 32, false, 3),
  long: int('long', 64, true, 4),
  'unsigned long': int('unsigned long', 64, false, 4),
} as const;

/** Other spellings of those types, as kernels write them (64-bit Linux, where CUDA's builds run). */
const INT_ALIASES: Readonly<Record<string, keyof typeof INT_TYPES>> = {
  signed: 'int',
  unsigned: 'unsigned int',
  'long long': 'long',
  'unsigned long long': 'unsigned long',
  int8_t: 'signed char',
  uint8_t: 'unsigned char',
  int16_t: 'short',
  uint16_t: 'unsigned short',
  int32_t: 'int',
  uint32_t: 'unsigned int',
  int64_t: 'long',
  uint64_t: 'unsigned long',
  size_t: 'unsigned long',
  ssize_t: 'long',
  ptrdiff_t: 'long',
  intptr_t: 'long',
  uintptr_t: 'unsigned long',
  uint: 'unsigned int',
};

/** The types of non-integer data the analyzer knows the size of, beyond the engine's element types. */
const DATA_BYTES: Readonly<Record<string, number>> = {
  float: 4,
  double: 8,
  'long double': 16,
  float3: 12,
  int3: 12,
  uint3: 12,
  dim3: 12,
  void: 1,
};

/** A type as the analyzer runs it: an integer, a pointer, or data (any other value: unknown). */
export type KernelType =
  | { readonly kind: 'int'; readonly int: IntType; readonly name: string }
  | { readonly kind: 'data'; readonly name: string; readonly bytes: number | null }
  | { readonly kind: 'pointer'; readonly to: KernelType; readonly name: string };

/** The integer type a spelling names, or `null` for any other type. */
export function getIntType(name: string): IntType | null {
  const key = (INT_ALIASES[name] ?? name) as keyof typeof INT_TYPES;
  return INT_TYPES[key] ?? null;
}

/** A base type by its spelling (no pointers): an integer, or data of a known or unknown size. */
export function getBaseType(name: string): KernelType {
  const integer = getIntType(name);
  if (integer) return { kind: 'int', int: integer, name };
  const element = TYPE_SPELLINGS[name];
  const bytes = element ? ELEMENT_BYTES[element] : (DATA_BYTES[name] ?? null);
  return { kind: 'data', name, bytes };
}

/** `to` with `levels` more pointers. */
export function addPointers(to: KernelType, levels: number): KernelType {
  let type = to;
  for (let i = 0; i < levels; i++) type = { kind: 'pointer', to: type, name: `${type.name}*` };
  return type;
}

/** The bytes one value of `type` takes (a pointer: 8), or `null` when the analyzer does not know. */
export function getTypeBytes(type: KernelType): number | null {
  if (type.kind === 'int') return type.int.bits === 1 ? 1 : type.int.bits / 8;
  if (type.kind === 'pointer') return 8;
  return type.bytes;
}

/** The engine's element type for a value of `type` in shared memory, or `null` when it has none. */
export function getElementType(type: KernelType): ElementType | null {
  if (type.kind === 'pointer') return 'long';
  if (type.kind === 'int') {
    const bits = type.int.bits;
    return bits === 1 ? 'bool' : bits === 8 ? 'char' : bits === 16 ? 'short' : bits === 32 ? 'int' : 'long';
  }
  return TYPE_SPELLINGS[type.name] ?? null;
}

/** C's integer promotion: anything narrower than `int` becomes `int`. */
export const promote = (t: IntType): IntType => (t.rank < INT_TYPES.int.rank ? INT_TYPES.int : t);

/** C's usual arithmetic conversions: the type two integer operands are brought to. */
export function getCommonType(a: IntType, b: IntType): IntType {
  const x = promote(a);
  const y = promote(b);
  if (x === y) return x;
  if (x.signed === y.signed) return x.rank >= y.rank ? x : y;
  const [u, s] = x.signed ? [y, x] : [x, y];
  if (u.rank >= s.rank) return u;
  // The signed type is wider here (long against unsigned int), so it holds every unsigned value.
  return s;
}

const TWO_64 = 2 ** 64;

/**
 * `value` converted to `type` as nvcc does (modulo 2^bits, two's complement), or `null` where the
 * result is past 2^53 and no longer exact in a double.
 */
export function convertInt(value: number, type: IntType): number | null {
  switch (type.bits) {
    case 1:
      return value !== 0 ? 1 : 0;
    case 8:
      return type.signed ? (value << 24) >> 24 : value & 0xff;
    case 16:
      return type.signed ? (value << 16) >> 16 : value & 0xffff;
    case 32:
      // ToInt32 and ToUint32 are C's wrap modulo 2^32 for every integer a double holds exactly.
      return type.signed ? value | 0 : value >>> 0;
    default: {
      const wrapped = type.signed ? value : value < 0 ? value + TWO_64 : value;
      return Number.isSafeInteger(wrapped) ? wrapped : null;
    }
  }
}
