import { createColumnAccess } from '../src/engine';
import { defineScene } from './defineScene';

export default defineScene({
  id: 'column-read',
  title: 'A column read: one bank, many words',
  access: () => createColumnAccess({ col: 0, pitch: 32 }),
  tile: { rows: 32, pitch: 32, layout: 'plain' },
  panel: 'table',
  beats: [
    {
      cue: 'start',
      text: 'Now the warp reads a column of the same tile. Lane i reads row i, so successive lanes are one row, {pitch} words, apart.',
    },
    {
      cue: 'flights',
      text: 'Word = lane × {pitch}. Lane 0 reads word {word0}, lane 1 word {word1}, lane 2 word {word2}…',
      highlight: { lanes: [0, 1, 2], rows: [0, 1, 2] },
    },
    {
      cue: 'queued',
      text: '…and every one of those words is a multiple of {banks}: all of them live in bank {busiest}.',
      highlight: { banks: [0], rows: [0, 1, 2, 3, 4, 5, 6, 7] },
    },
    {
      cue: 'round-1',
      text: 'Bank {busiest} holds {busiestWords} different words. It can hand out only one word per round.',
      highlight: { banks: [0] },
    },
    {
      cue: 'round-2',
      text: 'The other banks sit idle while bank {busiest} works through its queue.',
    },
    {
      cue: 'end',
      text: 'The busiest bank sets the count: {rounds} rounds for a single read. That is a bank conflict.',
    },
  ],
});
