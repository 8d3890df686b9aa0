import { createStridedAccess } from '../generators';
import { defineAccessKind } from './defineAccessKind';

/** Lane i reads word offset + i·stride. */
export const strideKind = defineAccessKind({
  id: 'stride',
  label: 'Strided',
  fields: ['stride', 'offset'],
  linkFields: ['stride', 'offset'],
  readsTile: false,
  build: (spec, { mask }) => createStridedAccess({ stride: spec.stride, offset: spec.offset, mask }),
  describe: (spec) => `Stride ${spec.stride} from word ${spec.offset}`,
  facts: (spec) => ({ stride: String(spec.stride), offset: String(spec.offset) }),
});
