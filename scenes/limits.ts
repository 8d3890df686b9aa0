import { createRowAccess } from '../src/engine';
import { defineScene } from './defineScene';

export default defineScene({
  id: 'limits',
  title: 'What the model leaves out',
  access: () => createRowAccess({ row: 0, pitch: 32 }),
  panel: 'references',
  beats: [
    {
      cue: 'start',
      text: 'This model covers one warp instruction reading aligned {wordBytes}-byte words through {banks} banks, one distinct word per bank per round, with broadcast.',
    },
    {
      cue: 'flights',
      text: 'Rounds count how many times a bank must serve; they are not measured cycles.',
    },
    {
      cue: 'queued',
      text: 'Writes, barriers, races, global memory, allocation limits, wider accesses and special matrix loads are not simulated. A broadcast makes reads cheap; it does not make simultaneous writes safe.',
    },
    {
      cue: 'end',
      text: 'To go further, read the CUDA Best Practices Guide on shared-memory banks and the reference for __syncthreads().',
    },
  ],
});
