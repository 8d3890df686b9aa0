import { createRowAccess } from '../src/engine';
import { defineScene } from './defineScene';

export default defineScene({
  id: 'row-read',
  title: 'A row read',
  access: () => createRowAccess({ row: 2, pitch: 32 }),
  tile: { rows: 32, pitch: 32, layout: 'plain' },
  beats: [
    {
      cue: 'start',
      text: 'A tile of {tileRows} rows by {pitch} words sits in shared memory. The warp reads one row: lane i takes column i.',
    },
    {
      cue: 'flights',
      text: 'The row’s words are consecutive, {word0} to {word31}, so they land in consecutive banks.',
      highlight: { lanes: [0, 31] },
    },
    {
      cue: 'queued',
      text: '{usedBanks} banks each hold one request. No bank has a second word to serve.',
    },
    {
      cue: 'round-1',
      text: 'All banks serve at once: the row is read in {rounds} round.',
    },
  ],
});
