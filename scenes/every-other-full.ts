import { defineScene } from './defineScene';

export default defineScene({
  id: 'every-other-full',
  title: 'Every other word, the whole warp',
  access: { pattern: 'stride', stride: 2 },
  compare: { half: { pattern: 'stride', stride: 2, lanes: 16 } },
  question: {
    id: 'predict',
    prompt:
      'Now all {lanes} lanes read every other word: lane 16 reads word {word16}. How many rounds will this read need?',
    kind: 'number',
    answer: 'rounds',
    explanation:
      'Word {word16} is in bank {bank16}, where lane 0’s word {word0} already waits. Each even bank holds {busiestWords} different words: {rounds} rounds.',
  },
  beats: [
    {
      cue: 'start',
      text: 'The same read of every other word, now with the whole warp: {lanes} lanes.',
    },
    {
      cue: 'flights',
      text: 'Lanes 0 to 15 land in the even banks as before, but lane 16 reads word {word16}, which wraps back to bank {bank16}.',
      highlight: { lanes: [0, 16], banks: ['{bank16}'] },
    },
    {
      cue: 'queued',
      text: 'Every even bank now holds {busiestWords} different words, and the odd banks hold none.',
    },
    {
      cue: 'round-1',
      text: 'Each even bank serves one of its words in this round…',
    },
    {
      cue: 'round-2',
      text: '…and the other in the next: {rounds} rounds, where half the warp needed {half.rounds}.',
    },
    {
      cue: 'end',
      text: 'So a subset of lanes can avoid a conflict that the whole warp has: which lanes are active changes the count.',
    },
  ],
});
