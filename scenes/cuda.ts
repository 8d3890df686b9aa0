import cudaSource from '../assets/readColumn.cu?raw';
import { defineScene } from './defineScene';

const KERNEL = {
  shared: '__shared__ float tile',
  fill: 'tile[row][lane] =',
  barrier: '__syncthreads();',
  read: 'output[lane] = tile[lane][0];',
};

export default defineScene({
  id: 'cuda',
  title: 'The CUDA connection',
  access: { pattern: 'column', col: 0, cols: 32, pitch: 33 },
  panels: ['code'],
  code: { title: 'assets/readColumn.cu', text: cudaSource },
  beats: [
    {
      cue: 'start',
      text: '__shared__ puts the array in shared memory. Its rows are declared {pitch} floats long: {cols} useful columns and {padWords} word of padding.',
      highlight: { code: [KERNEL.shared] },
    },
    {
      cue: 'hold',
      text: 'Each thread fills one column of the tile, walking down every row.',
      highlight: { code: [KERNEL.fill] },
    },
    {
      cue: 'hold',
      text: '__syncthreads() is a block barrier: no thread passes it until every thread of the block has reached it, and the shared-memory writes made before it are then visible to the whole block.',
      highlight: { code: [KERNEL.barrier] },
    },
    {
      cue: 'hold',
      text: 'Here it guarantees that thread zero’s writes to the first column are in place before the other threads read them.',
      highlight: { code: [KERNEL.barrier] },
    },
    {
      cue: 'hold',
      text: 'A barrier inside a condition that only some threads take can hang the block or misbehave: every thread must reach the same barrier.',
      highlight: { code: [KERNEL.barrier] },
    },
    {
      cue: 'flights',
      text: 'Then lane i reads row i of the first column, which thread zero wrote.',
      highlight: { code: [KERNEL.read] },
    },
    {
      cue: 'round-1',
      text: 'This read is what the model covers: {rounds} round, thanks to the row pitch of {pitch}.',
      highlight: { code: [KERNEL.read] },
    },
    {
      cue: 'end',
      text: 'The model does not simulate the filling loop or the barrier. The kernel assumes a full tile, one block of {warp} threads, and valid input and output allocations, which the program around it provides.',
    },
  ],
});
