import { createBroadcastAccess } from '../generators';
import { defineAccessKind } from './defineAccessKind';
import { OFFSET_FIELD } from './offsetField';

/** Every active lane reads the same word: one word served to all at once. */
export const broadcastKind = defineAccessKind({
  id: 'broadcast',
  label: 'Broadcast',
  fields: [OFFSET_FIELD],
  linkFields: ['offset'],
  readsTile: false,
  build: (spec, { mask }) => createBroadcastAccess({ word: spec.offset, mask }),
  describe: (spec) => `Broadcast of word ${spec.offset}`,
});
