import { defineScene } from './defineScene';

export default defineScene({
  id: 'padding',
  title: 'Padding: one spare word per row',
  access: { pattern: 'column', col: 0, cols: 32, pitch: 33 },
  compare: { unpadded: { pattern: 'column', col: 0, cols: 32, pitch: 32 } },
  panels: ['table', 'tile'],
  table: {
    lanes: 8,
    accesses: [
      { of: 'unpadded', reveal: 'shown' },
      { of: 'self', reveal: 'live' },
    ],
  },
  beats: [
    {
      cue: 'start',
      text: 'Allocate one more word per row than the tile uses: {cols} useful columns, a row pitch of {pitch}. Each useful column keeps its place within the row; only where each row starts moves, and the spare word at the end of each row is padding.',
      panel: 'tile',
    },
    {
      cue: 'flights',
      text: 'The same column read: lane 0 reads word {word0}, lane 1 word {word1}, lane 2 word {word2}.',
      highlight: { lanes: [0, 1, 2], table: ['word'] },
    },
    {
      cue: 'queued',
      text: 'Each row now starts one bank further along, so lane i lands in bank i. The column is spread over {usedBanks} banks.',
      highlight: { banks: ['{bank0}', '{bank1}', '{bank2}'], table: ['bank'] },
    },
    {
      cue: 'round-1',
      text: 'One distinct word per bank: {rounds} round instead of {unpadded.rounds}.',
    },
    {
      cue: 'end',
      text: 'The cost: {tileRows} rows × {pitch} words × {wordBytes} bytes = {tileBytes} bytes, of which {paddingBytes} are padding: the tile is {overheadPercent}% larger than its {usefulBytes} useful bytes.',
      panel: 'tile',
    },
    {
      cue: 'hold',
      text: 'An SM’s shared memory is divided among the blocks resident on it, so a bigger tile per block can mean fewer blocks fit on it at once.',
    },
  ],
});
