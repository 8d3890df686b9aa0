import { defineScene } from './defineScene';

export default defineScene({
  id: 'try-it',
  title: 'Try it yourself',
  access: { pattern: 'column', col: 0, cols: 32, pitch: 32 },
  compare: { full: { pattern: 'stride', stride: 2 } },
  panels: ['quiz'],
  // The lesson's four questions, as it asks them: a prediction first where one fits, then in words.
  quiz: [
    {
      id: 'q1',
      prompt: 'Predict the rounds for a column read with row pitch {q1.pitch}: lane i reads row i of the first column.',
      kind: 'number',
      access: { pattern: 'column', col: 0, cols: 32, pitch: 32 },
      answer: 'q1.rounds',
      explain:
        'Select lanes 0 and 1, on the stage or in the lane table. They read different words: which banks receive them?',
      explanation:
        'Lanes 0 and 1 read different words, {q1.word0} and {q1.word1}, and both are in bank {q1.bank0}. Every lane lands there with a word of its own, so {q1.rounds} rounds.',
    },
    {
      id: 'q2',
      prompt: 'Switch to a padded column, row pitch {q2.pitch}. How many rounds does the same column read need?',
      kind: 'number',
      access: { pattern: 'column', col: 0, cols: 32, pitch: 33 },
      answer: 'q2.rounds',
      explain: 'Explain why adding a padding word changes the bank mapping while preserving the useful column.',
      explanation:
        'Padding changes the row pitch, and so the bank each row starts in: lane 1 now reads word {q2.word1}, in bank {q2.bank1}. The useful column holds the same data at new addresses, each still at its place within its row: {q2.rounds} round.',
    },
    {
      id: 'q3',
      prompt:
        'Compare the unpadded column with a broadcast, where every lane reads the same word. How many rounds does the broadcast need?',
      kind: 'number',
      access: { pattern: 'broadcast', offset: 0 },
      answer: 'q3.rounds',
      explain: 'Both use one bank. Why does only one of them need repeated service rounds?',
      explanation:
        'One distinct word is served to every lane at once: {q3.rounds} round. The column read asks bank {q1.bank0} for {q1.busiestWords} distinct words, which takes {q1.rounds} rounds.',
    },
    {
      id: 'q4',
      prompt:
        'Choose every other word and reduce the active lanes to {q4.lanes}. Can this subset avoid the conflict that appears with a full warp?',
      kind: 'choice',
      choices: ['yes', 'no'],
      access: { pattern: 'stride', stride: 2, lanes: 16 },
      answer: 'q4.conflictFree',
      explain: 'Say why, in terms of banks and distinct words.',
      explanation:
        '{q4.lanes} even words fit in {q4.usedBanks} different banks: {q4.rounds} round. The whole warp wraps around and needs {full.rounds}.',
    },
  ],
  takeaways: [
    'A conflict takes the same bank and a different word: both the bank and the word’s address matter.',
    'Counting requests per bank would wrongly penalise a broadcast, where many lanes read one word.',
    'Padding changes the row pitch, which changes the bank of each row’s words, and so the banks a column read uses.',
    'Padding costs shared memory, and a bigger tile per block can mean fewer blocks resident on an SM.',
    'The bank model covers reads only.',
  ],
  beats: [
    {
      cue: 'start',
      text: 'Four questions. Predict first, then reveal the model’s answer and compare it with your reasoning.',
    },
    {
      cue: 'queued',
      text: 'On stage: the unpadded column read again. Use it, or open any question in Explore to step through its rounds.',
    },
    {
      cue: 'end',
      text: 'Then compare your explanations with the points under the questions, and explain each result in terms of banks and distinct words.',
    },
  ],
});
