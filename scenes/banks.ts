import { createStridedAccess } from '../src/engine';
import { defineScene } from './defineScene';

export default defineScene({
  id: 'banks',
  title: 'Shared memory and banks',
  // Words 16–47: the bank numbers wrap from 31 back to 0 halfway along the warp.
  access: () => createStridedAccess({ stride: 1, offset: 16 }),
});
