import { defineScene } from './defineScene';

export default defineScene({
  id: 'column-read',
  title: 'A column read: one bank, many words',
  access: { pattern: 'column', col: 0, cols: 32, pitch: 32 },
  compare: { padded: { pattern: 'column', col: 0, cols: 32, pitch: 33 } },
  panels: ['table'],
  table: {
    lanes: 8,
    accesses: [
      { of: 'self', reveal: 'live' },
      { of: 'padded', reveal: 'later' },
    ],
  },
  beats: [
    {
      cue: 'start',
      text: 'Now the warp reads a column of the same tile: lane i reads row i. Successive lanes are one row pitch, {pitch} words, apart.',
    },
    {
      cue: 'flights',
      text: 'Word = lane × pitch. Lane 0 reads word {word0}, lane 1 word {word1}, lane 2 word {word2}…',
      highlight: { lanes: [0, 1, 2], table: ['word'] },
    },
    {
      cue: 'queued',
      text: '…and every one of those words is a multiple of {banks}, so all of them live in bank {busiest}.',
      highlight: { banks: ['{busiest}'], table: ['bank'] },
    },
    {
      cue: 'round-1',
      text: 'Bank {busiest} holds {busiestWords} different words, and it can hand out only one word per round.',
      highlight: { banks: ['{busiest}'] },
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
