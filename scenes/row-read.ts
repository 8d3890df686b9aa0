import { createRowAccess } from '../src/engine';
import { defineScene } from './defineScene';

export default defineScene({
  id: 'row-read',
  title: 'A row read',
  access: () => createRowAccess({ row: 2, pitch: 32 }),
});
