import { defineScene } from './defineScene';

const KERNEL = `// A 32×8 block transposes a 32×32 tile: each thread moves four elements.
__shared__ float tile[32][32];   // [32][33] makes the read below conflict-free

int x = blockIdx.x * 32 + threadIdx.x;
int y = blockIdx.y * 32 + threadIdx.y;
for (int j = 0; j < 32; j += 8)  // in: this block's tile, along its rows
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
__syncthreads();
x = blockIdx.y * 32 + threadIdx.x;  // out: the transposed block,
y = blockIdx.x * 32 + threadIdx.y;  // blockIdx.x and .y swapped
for (int j = 0; j < 32; j += 8)
    out[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
`;

const LINES = {
  shared: '__shared__ float tile[32][32];',
  write: 'tile[threadIdx.y + j][threadIdx.x] =',
  read: '= tile[threadIdx.x][threadIdx.y + j];',
};

/** The read back, warp by warp, from the unpadded tile. */
const READ = {
  pattern: 'expr',
  expr: 'tile[threadIdx.x][threadIdx.y]',
  shared: '__shared__ float tile[32][32];',
  block: '32x8',
} as const;

export default defineScene({
  id: 'thread-block',
  title: 'A two-dimensional block transposes a tile',
  access: { ...READ, warp: 3 },
  compare: {
    padded: { ...READ, shared: '__shared__ float tile[32][33];', warp: 3 },
    // The block's first, second and last warps, for the beat that says every warp does the same.
    first: { ...READ, warp: 0 },
    second: { ...READ, warp: 1 },
    last: { ...READ, warp: 7 },
  },
  panels: ['code', 'table', 'notes'],
  code: { title: 'transpose.cu (excerpt)', text: KERNEL },
  table: {
    title: 'Warp {warpIndex}: each lane’s word',
    lanes: 8,
    accesses: [
      { of: 'self', reveal: 'live', label: '{shared}' },
      { of: 'padded', reveal: 'later', label: '{padded.shared}' },
    ],
  },
  question: {
    id: 'predict',
    prompt: 'Warp {warpIndex} of a {block} block reads {expr} from {shared}. How many rounds will it need?',
    kind: 'number',
    answer: 'rounds',
    explanation:
      'The warp’s threads share threadIdx.y and run along threadIdx.x, so lane i reads row i of one column: words {word0}, {word1}, {word2}… all in bank {busiest}. {rounds} rounds.',
  },
  notes: [
    {
      title: 'Takeaways',
      items: [
        'A block is split into warps of consecutive threads: with a block {blockX} threads wide in x, a warp is one row of threads.',
        'The read tile[threadIdx.x][threadIdx.y] walks down a column, whichever warp makes it.',
        'Padding the tile to {padded.shared} makes every warp’s read conflict-free: {padded.rounds} round.',
        'To see another warp, open this access in Explore and change its warp.',
      ],
    },
  ],
  beats: [
    {
      cue: 'start',
      text: 'A block of {block} threads transposes a tile through shared memory. Threads are numbered along x first, so a warp of {warp} is one row of the block: warp {warpIndex} runs threads {thread0} to {thread31}.',
      highlight: { code: [LINES.shared] },
    },
    {
      cue: 'hold',
      text: 'Writing the tile, each warp stores along a row, tile[threadIdx.y + j][threadIdx.x]: consecutive words, conflict-free.',
      highlight: { code: [LINES.write] },
    },
    {
      cue: 'flights',
      text: 'Reading it back transposed, on the loop’s first pass, lane i reads tile[threadIdx.x][threadIdx.y]: row i, column {warpIndex}. Lane 0 reads word {word0}, lane 1 word {word1}.',
      highlight: { lanes: [0, 1], code: [LINES.read], table: ['word'] },
    },
    {
      cue: 'queued',
      text: 'A column of {shared}: every word the warp asks for is in bank {bank0}.',
      highlight: { banks: ['{bank0}'], table: ['bank'] },
    },
    {
      cue: 'round-1',
      text: 'Bank {busiest} serves one word a round: {rounds} rounds in all.',
    },
    {
      cue: 'round-2',
      text: 'Every warp of the block does the same to a column of its own: warp {first.warpIndex} waits on bank {first.busiest}, warp {second.warpIndex} on bank {second.busiest}, and so on to warp {last.warpIndex} on bank {last.busiest}, {last.rounds} rounds each.',
    },
    {
      cue: 'end',
      text: 'Declared {padded.shared}, row i starts one bank further on: lane 1 reads word {padded.word1} in bank {padded.bank1}, and every warp reads its column in {padded.rounds} round.',
      highlight: { code: [LINES.shared], table: ['bank'] },
    },
  ],
});
