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
      why: 'Banks, broadcast, and (for compute capability 2.x) the half-warp and quarter-warp rule for 64- and 128-bit accesses.',
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
      why: 'NVIDIA’s compiler analysis that counts conflicts phase by phase, as this model does.',
    },
    {
      title: 'Nsight Compute: Profiling Guide',
      href: 'https://docs.nvidia.com/nsight-compute/ProfilingGuide/index.html',
      why: 'Shared-memory wavefronts and bank conflicts as the profiler measures them on a real GPU.',
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
      text: 'Banks, broadcast and the serving of distinct words are NVIDIA’s documented rules. Phases for wide accesses are documented for older GPUs, and are the model NVIDIA’s own compiler analysis and profiler use today.',
    },
    {
      cue: 'round-1',
      text: 'So this {type} row read counts {rounds} rounds, one a phase, which is what a profiler reports as the ideal for such a load. A given GPU can still measure otherwise.',
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
