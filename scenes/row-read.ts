import { defineScene } from './defineScene';

export default defineScene({
  id: 'row-read',
  title: 'A row read',
  access: { pattern: 'row', row: 2, cols: 32, pitch: 32 },
  panels: ['tile'],
  beats: [
    {
      cue: 'start',
      text: 'A tile of {tileRows} rows and {cols} useful columns sits in shared memory. Each row is allocated {pitch} words: that number is the row pitch.',
      panel: 'tile',
    },
    {
      cue: 'hold',
      text: 'Row r starts r × {pitch} words in, so the word at row r, column c is r × {pitch} + c.',
      panel: 'tile',
    },
    {
      cue: 'flights',
      text: 'The warp reads row {row}: lane i takes column i. Its words are consecutive, {word0} to {word31}, so they land in consecutive banks.',
      highlight: { lanes: [0, 31] },
      panel: 'tile',
    },
    {
      cue: 'queued',
      text: '{usedBanks} banks hold one request each. No bank has a second word to serve.',
    },
    {
      cue: 'round-1',
      text: 'All the banks serve at once: the row is read in {rounds} round.',
    },
  ],
});
