import type { AccessSpec } from '../accessSpec';
import { plural } from '../plural';
import { getDefaultColumns } from '../tileLayout';

/** A tile read's tile in a few words: "pitch 33", "pitch 64, 48 columns, XOR swizzle". */
export const describeTile = (spec: AccessSpec) =>
  [
    `pitch ${spec.pitch}`,
    ...(spec.cols !== getDefaultColumns(spec.pitch) ? [plural(spec.cols, 'column')] : []),
    ...(spec.layout === 'xor' ? ['XOR swizzle'] : []),
  ].join(', ');
