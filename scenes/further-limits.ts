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
      why: 'Banks, broadcast, and lanes storing to one word (no bank conflict; which lane writes it is undefined), for compute capability 5.x and later.',
    },
    {
      title: 'CUDA C Programming Guide 8.0 (archived): compute capability 2.x, shared memory',
      href: 'https://docs.nvidia.com/cuda/archive/8.0/cuda-c-programming-guide/index.html#shared-memory-2-x',
      why: 'The only guide section that groups lanes: by half-warp for 64-bit accesses, by quarter-warp for 128-bit ones, where it counts most accesses as 2-way conflicts.',
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
      title: 'Nsight Compute: Profiling Guide',
      href: 'https://docs.nvidia.com/nsight-compute/ProfilingGuide/index.html',
      why: 'Shared-memory wavefronts and bank conflicts as the profiler measures them on a real GPU: the figures this model’s rounds are meant to match.',
    },
  ],
  notes: [
    {
      title: 'Outside even the wider model',
      items: [
        'Hardware merging: some GPUs merge the work of lanes that share addresses, so a wide load can take fewer requests than the model counts.',
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
      text: 'Banks, broadcast, the serving of distinct words and lanes storing to one word are NVIDIA’s documented rules. Phases for wide accesses were documented only for compute capability 2.x; on newer GPUs they are this model, which nvFuser’s analysis shares and Nsight Compute’s measurements check.',
    },
    {
      cue: 'round-1',
      text: 'So this {type} row read counts {rounds} rounds, one a phase: the wavefronts Nsight Compute measures for such a load when nothing conflicts. A given GPU can still measure otherwise.',
    },
    {
      cue: 'hold',
      text: 'Some GPUs merge the work of lanes that share an address, and a profiler’s kernel-wide counts can include conflicts from other units. The model counts what the layout causes, not what a particular chip measures.',
    },
    {
      cue: 'end',
      text: 'Asynchronous copies, barriers, global memory, occupancy and cycles stay outside. To go further, read the references: the guides, the PTX ISA, CuTe’s swizzle, and the tools that count conflicts.',
    },
  ],
});
