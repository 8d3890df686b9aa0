import { ADDRESS_TRANSFORMS, type Layout } from '../addressTransforms';
import { plural } from '../plural';
import { getDefaultColumns } from '../tileLayout';

/** A tile read's tile in a few words: "pitch 33", "pitch 64, 48 columns, XOR swizzle". */
export function describeTile(spec: { readonly cols: number; readonly pitch: number; readonly layout: Layout }): string {
  const layout = ADDRESS_TRANSFORMS[spec.layout].describe();
  return [
    `pitch ${spec.pitch}`,
    ...(spec.cols !== getDefaultColumns(spec.pitch) ? [plural(spec.cols, 'column')] : []),
    ...(layout ? [layout] : []),
  ].join(', ');
}
