import { defineScene } from './defineScene';

const KERNEL = `// One warp loads four 8×8 matrices of halves for a tensor-core MMA.
__shared__ half tile[8][64];

int row = lane % 8;              // lanes 0–7 give matrix 0's rows, 8–15 matrix 1's, …
int col = lane / 8 * 8;          // matrix j is the 8 columns from 8·j
int o = row * 64 + col;
o ^= (o >> 3) & 0x38;            // Swizzle<3,3,3>: the tile was stored the same way
unsigned addr = __cvta_generic_to_shared(&tile[0][0] + o);

asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
             : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "r"(addr));
`;

const LINES = {
  row: 'int row = lane % 8;',
  col: 'int col = lane / 8 * 8;',
  swizzle: 'o ^= (o >> 3) & 0x38;',
  load: 'ldmatrix.sync.aligned.m8n8.x4',
};

const LDMATRIX = {
  pattern: 'expr',
  op: 'ldmatrix',
  x: 4,
  shared: '__shared__ half tile[8][64];',
  expr: 'tile[lane % 8][lane / 8 * 8]',
} as const;

export default defineScene({
  id: 'ldmatrix',
  title: 'Tensor-core fragments: ldmatrix',
  access: { ...LDMATRIX, swizzle: '3,3,3' },
  compare: { plain: LDMATRIX },
  panels: ['code', 'table', 'notes'],
  code: { title: 'ldmatrix.cu (excerpt)', text: KERNEL },
  // Lanes 0–7 give the first matrix's rows: unswizzled, filled when the caption names that load.
  table: {
    title: 'Matrix 0’s first words',
    lanes: 8,
    accesses: [
      { of: 'plain', reveal: 'later', label: 'unswizzled' },
      { of: 'self', reveal: 'live', label: 'swizzled' },
    ],
  },
  question: {
    id: 'predict',
    prompt:
      'Unswizzled, ldmatrix.x{matrices} over {shared} takes {plain.rounds} rounds. With the tile stored through {swizzle}, how many rounds does it take?',
    kind: 'number',
    answer: 'rounds',
    explanation:
      'The swizzle XORs a row’s number into which {rowBytes}-byte chunk of the row it keeps: the {lanesPerPhase} rows of one matrix now sit in {lanesPerPhase} different chunks, the first matrix’s in {phaseBanks1} banks. Each of the {phases} phases takes one round: {rounds} rounds.',
  },
  notes: [
    {
      title: 'Takeaways',
      items: [
        'ldmatrix takes one row address a lane: {lanesPerPhase} rows of {rowBytes} bytes make a phase, and .x{matrices} loads {phases} matrices in {phases} phases.',
        'Rows a multiple of {bankBytes} bytes apart start in the same banks: a column of chunks conflicts.',
        'A swizzle spreads the chunks across the banks with no padding, the layout CUTLASS uses for these loads.',
      ],
    },
  ],
  beats: [
    {
      cue: 'start',
      text: 'Tensor-core code built on mma.sync loads its operands with ldmatrix (Hopper’s wgmma reads shared memory itself): each of the {matrices} matrices is {lanesPerPhase} rows of {rowBytes} bytes, and lane i gives the address of one row.',
      highlight: { code: [LINES.load] },
    },
    {
      cue: 'hold',
      text: 'Here lane 0 to lane 7 give the rows of the first matrix, down the first {rowBytes}-byte column of chunks; the next {lanesPerPhase} lanes give the next column of chunks, and so on.',
      highlight: { code: [LINES.row, LINES.col] },
    },
    {
      cue: 'hold',
      text: 'A row of {shared} is {sharedRowBytes} bytes, and the banks hold {bankBytes} bytes side by side: unswizzled, the {lanesPerPhase} rows of each matrix would start in one bank, matrix 0’s in bank {plain.bank0} and matrix 1’s in bank {plain.bank8}, and the load would take {plain.rounds} rounds.',
      highlight: { table: ['bank'] },
    },
    {
      cue: 'flights',
      text: 'Swizzled, row r keeps chunk c at chunk c XOR r: lane 0 asks for words {words0}, lane 1 for words {words1}, lane 2 for words {words2}.',
      highlight: { lanes: [0, 1, 2], code: [LINES.swizzle] },
    },
    {
      cue: 'queued',
      text: 'Each lane asks for {laneWords} words, and the rows of the first matrix cover {phaseBanks1} banks between them.',
      highlight: { banks: ['{bank0}', '{bank1}', '{bank2}'] },
    },
    {
      cue: 'round-1',
      text: 'The first matrix is served in {phaseRounds1} round; the other matrices follow, a phase each.',
    },
    {
      cue: 'end',
      text: '{rounds} rounds instead of {plain.rounds}: one per matrix, the fewest ldmatrix.x{matrices} can take.',
    },
  ],
});
