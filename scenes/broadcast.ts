import { defineScene } from './defineScene';

export default defineScene({
  id: 'broadcast',
  title: 'Broadcast versus conflict',
  access: { pattern: 'broadcast', offset: 0 },
  compare: { column: { pattern: 'column', col: 0, cols: 32, pitch: 32 } },
  panels: ['table'],
  table: {
    title: 'One bank, two reads',
    lanes: 8,
    accesses: [
      { of: 'self', reveal: 'live', label: 'broadcast' },
      { of: 'column', reveal: 'shown', label: 'column read' },
    ],
  },
  beats: [
    {
      cue: 'start',
      text: 'Every lane now reads the same word, word {word0}. As in the column read, every request goes to one bank.',
    },
    {
      cue: 'queued',
      text: 'Bank {busiest} has {busiestRequests} requests, but they all ask for one word: a single token, linked to every lane.',
      highlight: { banks: ['{busiest}'] },
    },
    {
      cue: 'round-1',
      text: 'On a read, the bank serves that one word to every lane that asked, in the same round: a broadcast, done in {rounds} round.',
    },
    {
      cue: 'end',
      text: 'The column read also used one bank, yet needed {column.rounds} rounds. What costs rounds is distinct words in a bank, not requests.',
      panel: 'table',
    },
    {
      cue: 'hold',
      text: 'Counting requests per bank would wrongly charge this broadcast {busiestRequests} rounds.',
    },
  ],
});
