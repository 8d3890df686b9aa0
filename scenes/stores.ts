import { defineScene } from './defineScene';

const KERNEL = `__shared__ float buf[32];

buf[lane / 2] = value;     // two lanes store to every word
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
      'The banks are as busy as for a read, {rounds} round in this model. But two lanes write every word, and which of their values lands there is undefined: {racing} lanes race.',
  },
  notes: [
    {
      title: 'Takeaways',
      items: [
        'Writes meet the same banks as reads: distinct words in one bank are written one after another.',
        'A broadcast makes reading one word cheap; it does not make simultaneous writes safe.',
        'When lanes of one instruction store to the same place, which value lands is undefined, and how many writes happen there depends on the GPU.',
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
      text: 'This model counts each word once, as for a read: {rounds} round. That count is the model’s; how many writes the hardware really makes to one word depends on the GPU.',
    },
    {
      cue: 'end',
      text: 'What is documented is the race: when lanes of one instruction write the same place, which value lands is undefined. All {racing} lanes here race, marked by a diamond beside each.',
      highlight: { code: ['buf[lane / 2] = value;'] },
    },
  ],
});
