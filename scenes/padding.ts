import { createColumnAccess } from '../src/engine';
import { defineScene } from './defineScene';

export default defineScene({
  id: 'padding',
  title: 'One word of padding',
  access: () => createColumnAccess({ col: 0, pitch: 32, layout: 'padded' }),
});
