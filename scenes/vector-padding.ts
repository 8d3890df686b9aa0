import { defineScene } from './defineScene';

export default defineScene({
  id: 'vector-padding',
  title: 'Padding a tile of vectors',
  access: { pattern: 'column', col: 0, type: 'float4', cols: 8, pitch: 9 },
  compare: { unpadded: { pattern: 'column', col: 0, type: 'float4', cols: 8, pitch: 8 } },
  panels: ['tile', 'table', 'notes'],
  table: {
    title: 'Each lane’s first word',
    lanes: 8,
    accesses: [
      { of: 'unpadded', reveal: 'shown' },
      { of: 'self', reveal: 'live' },
    ],
  },
  question: {
    id: 'predict',
    prompt:
      'Unpadded, a column read of a tile {unpadded.cols} {type}s wide takes {unpadded.rounds} rounds. Padded to a row pitch of {pitch} {type}s, how many rounds does it take?',
    kind: 'number',
    answer: 'rounds',
    explanation:
      'Each row now starts one {type} further along, {laneWords} banks on: the {lanesPerPhase} lanes of a phase land in different banks, and each of the {phases} phases takes one round. {rounds} rounds.',
  },
  notes: [
    {
      title: 'Takeaways',
      items: [
        'A row of {unpadded.cols} {type}s is {unpadded.pitchBytes} bytes, one word from each of the {banks} banks: a column lands in the same banks every row.',
        'Pad a tile of vectors by a whole vector: it keeps every row on its {bytes}-byte boundary.',
        'Padding costs {paddingBytes} bytes here: {overheadPercent}% more than the tile’s {usefulBytes} useful bytes.',
      ],
    },
  ],
  beats: [
    {
      cue: 'start',
      text: 'A tile of {type}s, {cols} useful columns a row, read down a column: lane i reads row i. Unpadded, a row is {unpadded.pitch} {type}s, {unpadded.pitchBytes} bytes: one word from each of the {banks} banks.',
      panel: 'tile',
    },
    {
      cue: 'flights',
      text: 'Unpadded, every row would start in bank {unpadded.bank0}, and the column would ask the same banks for {unpadded.busiestWords} words each: {unpadded.rounds} rounds.',
      highlight: { table: ['bank'] },
    },
    {
      cue: 'queued',
      text: 'Padded to a pitch of {pitch}, row i starts {bytes}·i bytes further: lane 0 reads words {words0}, lane 1 reads words {words1}, lane 2 reads words {words2}.',
      highlight: { lanes: [0, 1, 2], table: ['word'] },
    },
    {
      cue: 'round-1',
      text: 'The {lanesPerPhase} lanes of the first phase now ask {phaseBanks1} banks for a word each: {phaseRounds1} round.',
      highlight: { banks: ['{bank0}', '{bank1}', '{bank2}'] },
    },
    {
      cue: 'end',
      text: '{phases} phases, {rounds} rounds instead of {unpadded.rounds}. The price is {paddingBytes} bytes of padding, {overheadPercent}% more than the {usefulBytes} useful bytes.',
      panel: 'tile',
    },
    {
      cue: 'hold',
      text: 'Why a whole {type} and not a single word? A {type} must start on a {bytes}-byte boundary. Pad each row by one word and most rows would start off that boundary, where a {bytes}-byte load is not allowed: a tile of vectors pads by whole vectors.',
    },
  ],
});
