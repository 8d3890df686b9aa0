import { integerField } from '../accessField';
import { createStridedAccess, MAX_STRIDE } from '../generators';
import { defineAccessKind } from './defineAccessKind';
import { OFFSET_FIELD } from './offsetField';

/** Lane i reads word offset + i·stride. */
export const strideKind = defineAccessKind({
  id: 'stride',
  label: 'Strided',
  fields: [
    integerField({
      key: 'stride',
      label: `Stride (0–${MAX_STRIDE})`,
      description: 'Elements between successive lanes of a strided read.',
      min: 0,
      max: MAX_STRIDE,
      default: 1,
    }),
    OFFSET_FIELD,
  ],
  linkFields: ['stride', 'offset'],
  readsTile: false,
  build: (spec, { mask }) => createStridedAccess({ stride: spec.stride, offset: spec.offset, mask }),
  describe: (spec) => `Stride ${spec.stride} from word ${spec.offset}`,
});
