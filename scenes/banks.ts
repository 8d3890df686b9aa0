import { createStridedAccess } from '../src/engine';
import { defineScene } from './defineScene';

export default defineScene({
  id: 'banks',
  title: 'Shared memory and banks',
  // Words sixteen on: the bank numbers wrap back to zero halfway along the warp.
  access: () => createStridedAccess({ stride: 1, offset: 16 }),
  beats: [
    {
      cue: 'start',
      text: 'Threads of one block share a small, fast memory that the program manages itself: shared memory.',
    },
    {
      cue: 'hold',
      text: 'It is split into {banks} banks. Each bank serves requests on its own, so all of them can work at once.',
      highlight: { banks: [0, 1, 2, 3] },
    },
    {
      cue: 'flights',
      text: 'Memory is counted in {wordBytes}-byte words. Word w lives in bank w mod {banks}: successive words fill successive banks.',
    },
    {
      cue: 'queued',
      text: 'Here lane 0 reads word {word0}, in bank {bank0}. After bank {lastBank} the numbering wraps: lane {lastLane} reads word {word31}, back in bank {bank31}.',
      highlight: { lanes: [0, 31], banks: [16, 15] },
    },
    {
      cue: 'round-1',
      text: 'Every request landed in a different bank, so one round serves the whole warp: {rounds} round.',
    },
  ],
});
