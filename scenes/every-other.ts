import { defineScene } from './defineScene';

export default defineScene({
  id: 'every-other',
  title: 'Every other word, half a warp',
  access: { pattern: 'stride', stride: 2, lanes: 16 },
  compare: { full: { pattern: 'stride', stride: 2 } },
  question: {
    id: 'predict',
    prompt:
      'Only the first {lanes} lanes are active, reading words {word0}, {word1}, {word2}… How many rounds will this read need?',
    kind: 'number',
    answer: 'rounds',
    explanation:
      'The words are even, so they use only the even banks, and {lanes} lanes fit in {usedBanks} different banks: {rounds} round.',
  },
  beats: [
    {
      cue: 'start',
      text: 'Lane i reads word {stride}i, and only the first {lanes} lanes take part. The others are inactive and ask for nothing.',
      highlight: { lanes: [16, 17, 18] },
    },
    {
      cue: 'queued',
      text: 'Even words land in even banks: lane 0 in bank {bank0}, lane 1 in bank {bank1}, lane 15 in bank {bank15}. No bank is asked for two words.',
      highlight: { lanes: [0, 1, 15], banks: ['{bank0}', '{bank1}', '{bank15}'] },
    },
    {
      cue: 'round-1',
      text: 'The {usedBanks} even banks serve at once while the odd banks sit idle: the read takes {rounds} round.',
    },
    {
      cue: 'end',
      text: 'With the full warp, lane 16 would read word {full.word16}. Which bank is that, and what does it cost? Predict it next.',
    },
  ],
});
