import { defineScene } from './defineScene';

const KERNEL = `__shared__ float buf[32];

buf[lane / 2] = value;  // lanes 2i, 2i + 1: word i
`;

export default defineScene({
  id: 'stores',
  title: 'Stores: the same banks, and races',
  access: { pattern: 'expr', expr: 'lane / 2', op: 'store' },
  compare: { apart: { pattern: 'row', row: 0, op: 'store' } },
  panels: ['code', 'notes'],
  code: { title: 'store.cu (excerpt)', text: KERNEL },
  question: {
    id: 'predict',
    prompt:
      'Lanes pair up on words: lane i stores to word {expr}. Two lanes reading one word share it safely. Is this store free of races?',
    kind: 'choice',
    choices: ['yes', 'no'],
    answer: 'raceFree',
    explanation:
      'No bank conflict: lanes storing to one word cost no extra round, as NVIDIA documents, so the store takes {rounds} round. But each word is written by one of its two lanes, and which one is undefined: all {racing} lanes race.',
  },
  notes: [
    {
      title: 'Takeaways',
      items: [
        'Writes meet the same banks as reads: distinct words in one bank are written one after another.',
        'Lanes storing to one word cause no bank conflict, as NVIDIA documents: only one of them writes it.',
        'Which lane that is, and so which value lands, is undefined: sharing a word is safe for a read, not for simultaneous writes.',
      ],
    },
  ],
  beats: [
    {
      cue: 'start',
      text: 'Shared-memory stores go through the same {banks} banks as loads: distinct words in one bank are written one after another.',
    },
    {
      cue: 'flights',
      text: 'A row of stores, one word per lane, takes {apart.rounds} round, just as the row read does. Here, though, lane 0 and lane 1 both store to word {word0}.',
      highlight: { lanes: [0, 1] },
    },
    {
      cue: 'queued',
      text: 'For a read, two lanes asking for one word would share it. For a write, both want to put their own value there.',
      highlight: { banks: ['{bank0}'] },
    },
    {
      cue: 'round-1',
      text: 'NVIDIA documents what happens: lanes storing to one word cause no bank conflict, and only one of them writes it. So the count is as for a read: {rounds} round.',
    },
    {
      cue: 'end',
      text: 'What is undefined is which lane writes, and so which value lands: a race. All {racing} lanes here race, marked by a diamond beside each.',
      highlight: { code: ['buf[lane / 2] = value;'] },
    },
  ],
});
