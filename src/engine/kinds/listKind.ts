import { createAccess } from '../access';
import { isLaneActive } from '../activeLanes';
import { defineAccessKind } from './defineAccessKind';

/** Each lane's word written out, lane by lane (an inactive lane, or one past the active lanes, reads nothing). */
export const listKind = defineAccessKind({
  id: 'list',
  label: 'Word list',
  fields: ['words'],
  linkFields: ['words'],
  namedBy: 'words',
  readsTile: false,
  build: (spec, { mask }) => createAccess(spec.words.map((w, lane) => (isLaneActive(mask, lane) ? w : null))),
  describe: () => 'Word list',
  facts: () => ({}),
});
