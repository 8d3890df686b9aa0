import { createFirstLanesMask, createStridedAccess } from '../src/engine';
import { defineScene } from './defineScene';

export default defineScene({
  id: 'every-other',
  title: 'Every other word, 16 lanes',
  access: () => {
    const mask = createFirstLanesMask(16);
    return mask.ok ? createStridedAccess({ stride: 2, mask: mask.value }) : mask;
  },
});
