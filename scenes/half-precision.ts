import { defineScene } from './defineScene';

export default defineScene({
  id: 'half-precision',
  title: 'Half precision: two lanes to a word',
  access: { pattern: 'row', row: 0, type: 'half' },
  compare: { column: { pattern: 'column', col: 0, type: 'half', cols: 64, pitch: 64 } },
  panels: ['table', 'notes'],
  table: {
    title: 'Each lane’s word',
    lanes: 8,
    accesses: [
      { of: 'self', reveal: 'live', label: 'row' },
      { of: 'column', reveal: 'later', label: 'column' },
    ],
  },
  question: {
    id: 'predict',
    prompt: 'Each lane reads the {type} next to its neighbour’s, along row {row}. How many rounds will the warp need?',
    kind: 'number',
    answer: 'rounds',
    explanation:
      'A word holds two {type} values, so lanes pair up on {distinctWords} words in {usedBanks} banks. Two lanes reading one word receive it together, as in a broadcast: {rounds} round.',
  },
  notes: [
    {
      title: 'Takeaways',
      items: [
        'Lanes reading parts of the same word share it, whatever the element type.',
        'Small elements share words along a row, never down a column: a column read of rows {bankBytes} bytes wide, or a multiple of it, still queues in one bank.',
      ],
    },
  ],
  beats: [
    {
      cue: 'start',
      text: 'Each lane reads a {type}: {bytes} bytes, half a word. Lane i reads element i of row {row}.',
    },
    {
      cue: 'flights',
      text: 'Lane 0 reads byte {address0} and lane 1 byte {address1}: both inside word {word0}.',
      highlight: { lanes: [0, 1], table: ['word'] },
    },
    {
      cue: 'queued',
      text: 'Two lanes to every word: the warp asks {usedBanks} banks for one word each, and each word goes to both of its lanes at once, as a broadcast does.',
      highlight: { banks: ['{bank0}', '{bank2}'] },
    },
    {
      cue: 'round-1',
      text: '{rounds} round, with {idleBanks} of the {banks} banks idle.',
    },
    {
      cue: 'end',
      text: 'Now read down a column of a tile {column.cols} {type} values wide instead: a row is {column.pitchBytes} bytes, one word from each of the {banks} banks, so every row’s first element is in bank {column.bank0}, and that bank is asked for {column.busiestWords} words: {column.rounds} rounds.',
      highlight: { table: ['bank'] },
    },
  ],
});
