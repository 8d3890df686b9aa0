import { defineScene } from './defineScene';

export default defineScene({
  id: 'further-limits',
  title: 'What the wider model leaves out',
  access: { pattern: 'row', row: 0, type: 'float4' },
  panels: ['references', 'notes'],
  references: [
    {
      title: 'CUDA C++ Programming Guide: compute capabilities, shared memory',
      href: 'https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#compute-capabilities',
      why: 'Banks, broadcast, and lanes storing to one word (no bank conflict; which lane writes it is undefined), stated for compute capability 5.x, with 6.x and 7.x referring to it.',
    },
    {
      title: 'CUDA C++ Best Practices Guide: shared memory and memory banks',
      href: 'https://docs.nvidia.com/cuda/cuda-c-best-practices-guide/index.html#shared-memory-and-memory-banks',
      why: '32 banks of 32-bit words "for devices of compute capability 5.x or newer", and the padded tile (TILE_DIM + 1) that removes the conflict of a column write.',
    },
    {
      title: 'CUDA C Programming Guide 8.0 (archived): compute capability 2.x, shared memory',
      href: 'https://docs.nvidia.com/cuda/archive/8.0/cuda-c-programming-guide/index.html#shared-memory-2-x',
      why: 'The only guide section that groups lanes: by half-warp for 64-bit accesses, by quarter-warp for 128-bit ones, adding 1 to their count (most 128-bit accesses 2-way).',
    },
    {
      title: 'CUDA C++ Programming Guide: SIMT architecture',
      href: 'https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#simt-architecture',
      why: 'Warps of consecutive thread IDs, and why the final value of a location several threads write is undefined.',
    },
    {
      title: 'CUDA C++ Programming Guide: thread hierarchy',
      href: 'https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#thread-hierarchy',
      why: 'A thread’s ID in a block of two or three dimensions: x + y·Dx + z·Dx·Dy.',
    },
    {
      title: 'PTX ISA: ldmatrix',
      href: 'https://docs.nvidia.com/cuda/parallel-thread-execution/index.html#warp-level-matrix-instructions-ldmatrix',
      why: 'Which threads give which row addresses, and the 16-byte alignment every row needs.',
    },
    {
      title: 'CUTLASS / CuTe: swizzle.hpp',
      href: 'https://github.com/NVIDIA/cutlass/blob/main/include/cute/swizzle.hpp',
      why: 'The definition of Swizzle<B, M, S> used on this player’s element offsets.',
    },
    {
      title: 'nvFuser: bank_conflict.cpp',
      href: 'https://github.com/NVIDIA/Fuser/blob/main/csrc/device_lower/analysis/bank_conflict.cpp',
      why: 'NVIDIA’s compiler analysis: it splits an access into the same phases as this model, and reports the conflict ways of the first phase.',
    },
    {
      title: 'NVIDIA developer forums: Unexpected shared memory bank conflict',
      href: 'https://forums.developer.nvidia.com/t/unexpected-shared-memory-bank-conflict/77228/2',
      why: 'For compute capability 7.x: a load whose lanes pair at n^1 or n^2 (every active lane’s address its partner’s) packs the pairs, so an LDS.128 takes 2 requests, not 4. An H200 measured the same; the model follows it for loads.',
    },
    {
      title: 'Nsight Compute: Profiling Guide',
      href: 'https://docs.nvidia.com/nsight-compute/ProfilingGuide/index.html',
      why: 'Shared-memory wavefronts (the cycles to process a request, not its latency) and bank conflicts as the profiler measures them on a real GPU: the figures this model’s rounds are meant to match.',
    },
  ],
  notes: [
    {
      title: 'Outside even the wider model',
      items: [
        'Hardware merging beyond the pair rule: lanes that share addresses at other distances (a lane and the one sixteen on, measured on a Hopper GPU) are not packed, and stores whose lanes pair are not yet measured, so the model counts them by phases.',
        'Counters: a profiler’s kernel-wide conflict counts can include conflicts that are not the instruction’s own, from arbitration with other units.',
        'Asynchronous copies (cp.async, TMA), barriers and the ordering they give, global memory, occupancy, and time in cycles.',
      ],
    },
  ],
  beats: [
    {
      cue: 'start',
      text: 'This chapter’s model adds element types, phases of {phaseBytes} bytes, thread blocks, shared arrays, swizzles, ldmatrix and stores to the lesson’s rule, and keeps the rule itself.',
    },
    {
      cue: 'queued',
      text: 'Banks, broadcast, the serving of distinct words and lanes storing to one word are NVIDIA’s documented rules. Phases for wide accesses were documented only for compute capability 2.x; from Volta to Hopper they are this model, which nvFuser’s analysis shares and Nsight Compute’s measurements check, with one measured rule on top: a wide load whose lanes pair up on one address each is served a pair at a time.',
    },
    {
      cue: 'round-1',
      text: 'So this {type} row read counts {rounds} rounds, one a phase: the wavefronts Nsight Compute measures for such a load when nothing conflicts. A given GPU can still measure otherwise.',
    },
    {
      cue: 'hold',
      text: 'Lanes that share an address at other distances are not packed, and stores are not yet measured; a profiler’s conflict counter can also include arbitration and other cache traffic. The model counts what the layout causes, not what a particular chip measures.',
    },
    {
      cue: 'end',
      text: 'Asynchronous copies, barriers, global memory, occupancy and cycles stay outside. To go further, read the references: the guides, the PTX ISA, CuTe’s swizzle, and the tools that count conflicts.',
    },
  ],
});
