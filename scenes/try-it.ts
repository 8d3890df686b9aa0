import { createBroadcastAccess, createColumnAccess, createFirstLanesMask, createStridedAccess } from '../src/engine';
import { defineScene } from './defineScene';

export default defineScene({
  id: 'try-it',
  title: 'Try it yourself',
  access: () => createColumnAccess({ col: 0, pitch: 32 }),
  panel: 'quiz',
  quiz: [
    {
      id: 'q1',
      prompt:
        'Each lane reads one row of the first column of an unpadded tile. How many rounds? (Lanes 0 and 1 read different words: which banks receive them?)',
      kind: 'number',
      access: () => createColumnAccess({ col: 0, pitch: 32 }),
      answer: 'q1.rounds',
      explanation:
        'Lane 0 reads word {q1.word0} and lane 1 word {q1.word1}: both in bank {q1.bank0}. Every lane lands there with a different word, so {q1.rounds} rounds.',
    },
    {
      id: 'q2',
      prompt: 'Now give every row one spare word of padding. How many rounds does the same column read need?',
      kind: 'number',
      access: () => createColumnAccess({ col: 0, pitch: 33 }),
      answer: 'q2.rounds',
      explanation:
        'Padding moves each row’s start one bank along (lane 1 reads word {q2.word1}, in bank {q2.bank1}), while the first column still holds the same data: {q2.rounds} round.',
    },
    {
      id: 'q3',
      prompt: 'Every lane reads the same word. Like the unpadded column, all requests hit one bank. How many rounds?',
      kind: 'number',
      access: () => createBroadcastAccess({ word: 0 }),
      answer: 'q3.rounds',
      explanation:
        'One distinct word is served to every lane at once: {q3.rounds} round. The column read asks bank {q1.bank0} for {q1.busiestWords} distinct words, which takes {q1.rounds}.',
    },
    {
      id: 'q4',
      prompt:
        'Every other word, with only the first {q4.lanes} lanes active. Does this avoid the conflict the full warp has?',
      kind: 'choice',
      choices: ['yes', 'no'],
      access: () => {
        const mask = createFirstLanesMask(16);
        return mask.ok ? createStridedAccess({ stride: 2, mask: mask.value }) : mask;
      },
      answer: 'q4.conflictFree',
      explanation:
        '{q4.lanes} even words fit in {q4.usedBanks} different banks: {q4.rounds} round. The full warp wraps around and needs {full.rounds}.',
    },
  ],
  compare: {
    full: () => createStridedAccess({ stride: 2 }),
  },
  beats: [
    {
      cue: 'start',
      text: 'Four questions. Predict first, then reveal the engine’s answer and compare it with your reasoning.',
    },
    {
      cue: 'queued',
      text: 'On stage: the unpadded column read again. Use it, or open any question in Explore to step through its rounds.',
    },
    { cue: 'end', text: 'Change one thing at a time, and explain each result in terms of banks and distinct words.' },
  ],
});
