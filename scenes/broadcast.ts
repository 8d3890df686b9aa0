import { createBroadcastAccess } from '../src/engine';
import { defineScene } from './defineScene';

export default defineScene({
  id: 'broadcast',
  title: 'Broadcast versus conflict',
  access: () => createBroadcastAccess({ word: 0 }),
});
