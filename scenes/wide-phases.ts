import { defineScene } from './defineScene';

export default defineScene({
  id: 'wide-phases',
  title: 'Wider loads, served in phases',
  access: { pattern: 'row', row: 0, type: 'float4' },
  compare: { floats: { pattern: 'row', row: 0 } },
  panels: ['table', 'notes'],
  table: {
    title: 'Each lane’s first word',
    lanes: 8,
    accesses: [
      { of: 'floats', reveal: 'shown', label: '{floats.type}' },
      { of: 'self', reveal: 'live', label: '{type}' },
    ],
  },
  question: {
    id: 'predict',
    prompt:
      'Every lane loads one {type} of row {row}: {bytes} bytes each, and no two lanes touch the same word. How many rounds will the warp need?',
    kind: 'number',
    answer: 'rounds',
    explanation:
      'A request is served at most {phaseBytes} bytes at a time. With {bytes}-byte elements that is {lanesPerPhase} lanes a phase, so {phases} phases, each conflict-free in one round: {rounds} rounds, the fewest a {type} load can take.',
  },
  notes: [
    {
      title: 'Takeaways',
      items: [
        'A wide element is read a phase at a time: at most {phaseBytes} bytes of the warp’s request a round.',
        'The lesson’s rule holds inside each phase, and the rounds of the phases add up.',
        'For {bytes}-byte loads, conflict-free means {phases} rounds, not one.',
        'Where every lane loads the same address as its neighbour (or every one as the lane two away), the pairs are served as one: half the phases, measured on Volta to Hopper.',
      ],
    },
  ],
  beats: [
    {
      cue: 'start',
      text: 'The same row read, but each lane now loads a {type}: {bytes} bytes, {laneWords} words side by side. Lane i reads element i of row {row}.',
    },
    {
      cue: 'flights',
      text: 'Lane 0 asks for words {words0}, lane 1 for words {words1}: one request per lane, spanning {laneWords} banks each.',
      highlight: { lanes: [0, 1], table: ['word'] },
    },
    {
      cue: 'queued',
      text: 'Shared memory serves a request at most {phaseBytes} bytes at a time, a phase. With {bytes}-byte elements a phase is {lanesPerPhase} lanes, so the warp is served in {phases} phases, marked under the lanes.',
    },
    {
      cue: 'round-1',
      text: 'Inside a phase the lesson’s rule holds. The first phase, lane 0 to lane 7, asks every bank for one word: {phaseRounds1} round.',
      highlight: { lanes: [0, 7], banks: ['{bank0}', '{bank7}'] },
    },
    {
      cue: 'round-2',
      text: 'The next phase follows in a round of its own: lane 8’s words start again at bank {bank8}.',
      highlight: { lanes: [8] },
    },
    {
      cue: 'end',
      text: '{rounds} rounds with no conflict at all, against {floats.rounds} for a row of floats. Each round still moves {phaseBytes} bytes: the wider load carries more data, not more conflict.',
    },
    {
      cue: 'hold',
      text: 'NVIDIA’s guides described phases only for compute capability 2.x, where they grouped eight-byte accesses by half-warp and sixteen-byte ones by quarter-warp, adding one to the count. From Volta to Hopper the phases are this model: Nsight Compute measures a conflict-free {bytes}-byte load as {phases} wavefronts, the count its rounds are meant to match. One rule is measured on top: where every lane loads the same address as its neighbour, lane 0 as lane 1 and so on, or every one as the lane two away, each pair is served as one, in phases of twice the lanes (an answer on NVIDIA’s developer forum, and a Hopper GPU measured here). Counters measured on a given GPU can differ.',
    },
  ],
});
