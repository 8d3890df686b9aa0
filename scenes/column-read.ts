import { createColumnAccess } from '../src/engine';
import { defineScene } from './defineScene';

export default defineScene({
  id: 'column-read',
  title: 'A column read at pitch 32',
  access: () => createColumnAccess({ col: 0, pitch: 32 }),
});
