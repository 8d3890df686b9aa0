import { defineScene } from './defineScene';

export default defineScene({
  id: 'banks',
  title: 'Shared memory and banks',
  // Words sixteen on: the bank numbers wrap back to the first bank halfway along the warp.
  access: { pattern: 'stride', stride: 1, offset: 16 },
  panels: ['notes'],
  notes: [
    {
      title: 'Before you start',
      items: [
        'A warp is a group of {warp} threads, its lanes, that issue each instruction together.',
        'Active lanes are the lanes that take part in an instruction; the others sit it out.',
        'Shared memory belongs to one thread block, and a block barrier (__syncthreads()) makes its threads wait for each other.',
      ],
    },
  ],
  beats: [
    {
      cue: 'start',
      text: 'A tiled computation loads data once into a small, fast memory that the threads of one block share, and reuses it there: shared memory, managed by the program itself.',
    },
    {
      cue: 'hold',
      text: 'It is divided into {banks} banks. A bank is one part of it that serves requests on its own, so all {banks} can work at the same time.',
      highlight: { banks: ['{bank16}', '{bank17}', '{bank18}', '{bank19}'] },
    },
    {
      cue: 'flights',
      text: 'Memory is counted in {wordBytes}-byte words, and word w lives in bank w mod {banks}, the remainder of w divided by {banks}: successive words fill successive banks.',
    },
    {
      cue: 'queued',
      text: 'Here lane 0 reads word {word0}, in bank {bank0}. After bank {lastBank} the numbering wraps around: lane 16 reads word {word16}, back in bank {bank16}, and lane {lastLane} ends in bank {bank31}.',
      highlight: { lanes: [0, 16], banks: ['{bank0}', '{bank16}'] },
    },
    {
      cue: 'round-1',
      text: 'Each round, a bank can serve one word. Every request landed in a different bank, so the whole warp is served in {rounds} round.',
    },
    {
      cue: 'end',
      text: 'When lanes ask one bank for different words, it serves them in separate rounds: a bank conflict. When they ask for the same word, one round serves them all: a broadcast.',
    },
    {
      cue: 'hold',
      text: 'These rules describe reads. A broadcast makes many lanes reading one word cheap; it does not make many lanes writing one word at once safe.',
    },
  ],
});
