import { defineScene } from './defineScene';

export default defineScene({
  id: 'limits',
  title: 'What the model leaves out',
  access: { pattern: 'broadcast', offset: 0 },
  panels: ['references', 'notes'],
  references: [
    {
      title: 'CUDA C++ Best Practices Guide: shared memory and memory banks',
      href: 'https://docs.nvidia.com/cuda/cuda-c-best-practices-guide/index.html#shared-memory-and-memory-banks',
      why: 'How banks serve requests, and the broadcast exception for lanes reading one word.',
    },
    {
      title: 'CUDA C++ Programming Guide: synchronization functions',
      href: 'https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#synchronization-functions',
      why: 'Who must reach __syncthreads(), and what it makes visible to the block.',
    },
  ],
  notes: [
    {
      title: 'Where this leads',
      items: [
        'Residency: padding’s extra shared memory per block can lower how many blocks fit on an SM at once.',
        'Cooperation: a block barrier makes the shared-memory writes made before it visible to every thread of the block after it; practise barriers on a tree computed by the block, and look for an unsafe interleaving.',
      ],
    },
    {
      title: 'About this player',
      items: [
        'Nothing here runs CUDA or PyTorch: the model computes every round in the browser, and the questions and answers work offline.',
        'The references open NVIDIA’s documentation online, in a new tab; pick the version that matches your installed tools if you run the CUDA program.',
      ],
    },
  ],
  beats: [
    {
      cue: 'start',
      text: 'This model covers one warp instruction reading aligned {wordBytes}-byte float words through {banks} banks: one distinct word per bank per round, with broadcast.',
    },
    {
      cue: 'flights',
      text: 'Rounds count how many times the busiest bank must serve. They measure how badly a read conflicts, not cycles.',
    },
    {
      cue: 'queued',
      text: 'This lesson’s model simulates none of writes, barriers, races, global memory, allocation limits, wider accesses or special matrix loads; the next chapter, Going further, adds wider accesses, stores and their races, and ldmatrix.',
    },
    {
      cue: 'hold',
      text: 'A broadcast makes reading one word cheap; it does not make simultaneous writes safe.',
    },
    {
      cue: 'end',
      text: 'To go further, check these ideas against the CUDA Best Practices Guide on shared-memory banks and the Programming Guide on __syncthreads().',
    },
  ],
});
