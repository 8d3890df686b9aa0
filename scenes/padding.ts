import { createColumnAccess } from '../src/engine';
import { defineScene } from './defineScene';

export default defineScene({
  id: 'padding',
  title: 'Padding: one spare word per row',
  access: () => createColumnAccess({ col: 0, pitch: 32, layout: 'padded' }),
  tile: { rows: 32, pitch: 32, layout: 'padded' },
  panel: 'tile',
  beats: [
    {
      cue: 'start',
      text: 'Allocate each row with one unused word at its end. The useful columns stay where they were; rows now start {rowPitch} words apart.',
    },
    {
      cue: 'flights',
      text: 'The same column read: lane 0 reads word {word0}, lane 1 word {word1}, lane 2 word {word2}.',
      highlight: { lanes: [0, 1, 2] },
    },
    {
      cue: 'queued',
      text: 'Each row start moves one bank further along: lane i lands in bank i. The column is spread over {usedBanks} banks.',
      highlight: { banks: [0, 1, 2] },
    },
    {
      cue: 'round-1',
      text: 'One word per bank: {rounds} round instead of {banks}.',
    },
    {
      cue: 'end',
      text: 'The cost: {tileRows} × {rowPitch} × {wordBytes} = {tileBytes} bytes instead of {plainBytes}, {overheadPercent}% more shared memory.',
    },
    {
      cue: 'hold',
      text: 'Shared memory is shared by every block on an SM, so a larger tile per block can mean fewer blocks resident at once.',
    },
  ],
});
