import { createColumnAccess } from '../src/engine';
import { defineScene } from './defineScene';

/**
 * Lines of assets/readColumn.cu the beats point at (1-based). A unit test checks that each still
 * holds the code its beat talks about.
 */
export const CODE_LINES = Object.freeze({
  shared: 11,
  fill: 14,
  barrier: 16,
  read: 17,
});

export default defineScene({
  id: 'cuda',
  title: 'The CUDA connection',
  access: () => createColumnAccess({ col: 0, pitch: 32, layout: 'padded' }),
  tile: { rows: 32, pitch: 32, layout: 'padded' },
  panel: 'code',
  beats: [
    {
      cue: 'start',
      text: '__shared__ puts the tile in shared memory. Its rows are declared {rowPitch} floats long: {pitch} useful columns and one of padding.',
      highlight: { lines: [CODE_LINES.shared] },
    },
    {
      cue: 'hold',
      text: 'Each thread fills one column, walking down every row.',
      highlight: { lines: [CODE_LINES.fill] },
    },
    {
      cue: 'flights',
      text: '__syncthreads() is a barrier: no thread of the block passes it until every thread has reached it, and then the writes before it are visible to all.',
      highlight: { lines: [CODE_LINES.barrier] },
    },
    {
      cue: 'queued',
      text: 'A barrier inside a branch that some threads skip can hang the block or misbehave: every thread must reach the same barrier.',
      highlight: { lines: [CODE_LINES.barrier] },
    },
    {
      cue: 'round-1',
      text: 'Then lane i reads row i of the first column, which thread zero wrote. The model covers this read: {rounds} round at pitch {rowPitch}.',
      highlight: { lines: [CODE_LINES.read] },
    },
    {
      cue: 'end',
      text: 'The model checks only that final read. It does not simulate the filling loop or the barrier.',
    },
  ],
});
