import { createFirstLanesMask, createStridedAccess } from '../src/engine';
import { defineScene } from './defineScene';

const everyOther = (lanes: number) => () => {
  const mask = createFirstLanesMask(lanes);
  return mask.ok ? createStridedAccess({ stride: 2, mask: mask.value }) : mask;
};

export default defineScene({
  id: 'every-other',
  title: 'Every other word, half a warp',
  access: everyOther(16),
  compare: { full: everyOther(32) },
  question: {
    id: 'predict',
    prompt:
      'Only the first {lanes} lanes are active, reading words {word0}, {word1}, {word2}… How many rounds will this read need?',
    kind: 'number',
    answer: 'rounds',
    explanation:
      'The words are even, so they use the even banks, and {lanes} lanes fit in {usedBanks} distinct banks: {rounds} round.',
  },
  beats: [
    {
      cue: 'start',
      text: 'Lane i reads word twice i, and only the first {lanes} lanes take part. The others are inactive and ask for nothing.',
      highlight: { lanes: [16, 17, 18] },
    },
    {
      cue: 'queued',
      text: 'Even words land in even banks: lane 0 in bank {bank0}, lane 1 in bank {bank1}, lane 15 in bank {bank15}. No bank is asked twice.',
      highlight: { banks: [0, 2, 30] },
    },
    {
      cue: 'round-1',
      text: '{rounds} round. With the full warp of {full.lanes} lanes, lane 16 would read word {full.word16}, back in bank {full.bank16}…',
    },
    {
      cue: 'end',
      text: '…so each even bank would hold two distinct words, and the read would take {full.rounds} rounds.',
    },
  ],
});
