import { defineScene } from './defineScene';

export default defineScene({
  id: 'swizzle',
  title: 'Swizzling instead of padding',
  access: { pattern: 'column', col: 0, cols: 32, pitch: 32, swizzle: '5,0,5' },
  compare: {
    plain: { pattern: 'column', col: 0, cols: 32, pitch: 32 },
    padded: { pattern: 'column', col: 0, cols: 32, pitch: 33 },
  },
  panels: ['tile', 'table', 'notes'],
  table: {
    lanes: 8,
    accesses: [
      { of: 'plain', reveal: 'shown', label: 'plain' },
      { of: 'self', reveal: 'live', label: 'swizzled' },
    ],
  },
  question: {
    id: 'predict',
    prompt:
      'The tile keeps a row pitch of {pitch}, with no padding, but each element offset goes through CuTe’s {swizzle}. How many rounds does the column read take now?',
    kind: 'number',
    answer: 'rounds',
    explanation:
      'The swizzle moves column c of row r to position c XOR r of its row: lane 1 finds its element in bank {bank1}, lane 2 in bank {bank2}, and so on through all {usedBanks} banks. {rounds} round.',
  },
  notes: [
    {
      title: 'Takeaways',
      items: [
        'A swizzle moves elements within the rows instead of widening them: the tile stays {tileBytes} bytes.',
        'Padding avoids the same conflict at the cost of {padded.paddingBytes} bytes; the swizzle costs index arithmetic instead.',
        'CuTe’s Swizzle<B,M,S> XORs B bits of the offset, taken S places higher, into the bits from M up.',
      ],
    },
  ],
  beats: [
    {
      cue: 'start',
      text: 'The lesson’s column read of a tile {cols} floats wide, again: unpadded, it takes {plain.rounds} rounds.',
      panel: 'tile',
    },
    {
      cue: 'hold',
      text: '{swizzle} maps an element offset o to o XOR ((o >> S) & mask): here the row number is XORed into the column, so column c of row r is stored at position c XOR r.',
      panel: 'tile',
    },
    {
      cue: 'flights',
      text: 'Lane 0 reads word {word0}, lane 1 word {word1}, lane 2 word {word2}: one column, each row’s element moved to a different place in its row.',
      highlight: { lanes: [0, 1, 2], table: ['word'] },
    },
    {
      cue: 'queued',
      text: 'The outlined cells of the tile run on a diagonal: lane 1 lands in bank {bank1}, lane 2 in bank {bank2}, each lane in a bank of its own.',
      highlight: { banks: ['{bank0}', '{bank1}', '{bank2}'], table: ['bank'] },
      panel: 'tile',
    },
    {
      cue: 'round-1',
      text: '{rounds} round, the same as padding to {padded.pitch}, with not one byte of padding: the tile is {tileBytes} bytes, where the padded one needs {padded.tileBytes}.',
    },
    {
      cue: 'end',
      text: 'This is the lesson’s XOR layout, written in CuTe’s notation. What it costs is arithmetic: every index in the kernel must go through the same swizzle.',
    },
  ],
});
