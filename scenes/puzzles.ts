import type { PuzzleAccess, PuzzleDefinition } from '../src/engine/puzzles';

/** A warp writes row `i` of a tile, lane `lane` its column. */
const rowWrite = (count: number): PuzzleAccess => ({
  name: 'row write',
  op: 'store',
  row: 'i',
  col: 'lane',
  count,
  rounds: 1,
});
/** A warp reads column `i`, lane `lane` its row. */
const columnRead = (count: number, rounds = 1): PuzzleAccess => ({
  name: 'column read',
  op: 'load',
  row: 'lane',
  col: 'i',
  count,
  rounds,
});

/** Four rows of 32 floats an instruction, read as float4s (eight lanes a row); each may take 4 rounds, the float4's phases. */
const FLOAT4_ROW_READ: PuzzleAccess = {
  name: 'float4 row read',
  op: 'load',
  row: '4 * i + lane / 8',
  col: '(lane % 8) * 4',
  vector: 4,
  count: 8,
  rounds: 4,
};

/**
 * The built-in puzzles, easiest first: from the lesson's padded column read to a conflict-free
 * `ldmatrix` swizzle. Each is a lesson file's puzzle entry, checked as one (`checkPuzzle`), and a
 * unit test grades its solution and a wrong answer.
 */
export const PUZZLES: readonly PuzzleDefinition[] = [
  {
    id: 'pad-column',
    title: 'Pad the column',
    goal: 'A warp writes a 32 × 32 float tile row by row, then reads it column by column (a transpose). Lay the tile out so that every write and every read takes one round, in at most 4,224 bytes.',
    type: 'float',
    rows: 32,
    cols: 32,
    budget: 4224,
    answer: 'index',
    accesses: [rowWrite(32), columnRead(32)],
    hints: [
      'With row * 32 + col, the 32 elements of a column are 32 words apart: all in one bank.',
      'The budget leaves 128 bytes: one spare word per row. What does a row of 33 words do to the banks of a column?',
    ],
    solution: 'row * 33 + col',
    explanation:
      'A pitch of 33 words moves each row one bank on: row r of a column sits in bank (r + col) % 32, so the 32 lanes of a column read ask 32 different banks. A row is still 32 consecutive words, so the row write stays one round. The padding costs 32 words, 128 bytes: 4,224 in all.',
  },
  {
    id: 'narrow-tile',
    title: 'A narrow tile',
    goal: 'A 32 × 16 float tile in exactly 2,048 bytes: a warp writes two rows at a time (lanes 0–15 one row, 16–31 the next) and reads one column of all 32 rows. Write an index function so each access takes one round.',
    type: 'float',
    rows: 32,
    cols: 16,
    budget: 2048,
    answer: 'index',
    accesses: [
      { name: 'row write', op: 'store', row: '2 * i + lane / 16', col: 'lane % 16', count: 16, rounds: 1 },
      columnRead(16),
    ],
    hints: [
      'At 16 floats a row, rows r and r + 2 of a column are 32 words apart: one bank. A column touches only two banks.',
      'Two rows fill the 32 banks once. Rotate each pair of rows by one more place than the pair before: (col + row / 2) % 16.',
    ],
    solution: 'row * 16 + (col + row / 2) % 16',
    explanation:
      'Rows 2k and 2k + 1 fill banks 0–15 and 16–31, each rotated by k, so a two-row write asks 32 banks. Down a column, row r sits in bank 16 · (r % 2) + (col + r / 2) % 16: r % 2 picks the half and r / 2 the place in it, 32 different banks. No padding at all.',
  },
  {
    id: 'half-column',
    title: 'Half a word',
    goal: 'A 32 × 64 tile of half (2 bytes each): a warp writes half a row at a time and reads a column. Choose the pitch so each access takes one round, in at most 4,224 bytes.',
    type: 'half',
    rows: 32,
    cols: 64,
    budget: 4224,
    answer: 'pitch',
    accesses: [
      { name: 'row write', op: 'store', row: 'i / 2', col: '(i % 2) * 32 + lane', count: 64, rounds: 1 },
      columnRead(64),
    ],
    hints: [
      'Two halves share one 4-byte word: at a pitch of 65, rows 0 and 1 of column 0 land in the same bank.',
      'Pad by whole words: a row of 64 halves is 32 words; make it 33.',
    ],
    solution: '66',
    explanation:
      'Banks hold 4-byte words, so padding must move a row by whole words. A pitch of 66 halves is 33 words: row r of a column sits in bank (r + col / 2) % 32, 32 different banks. A pitch of 65 moves every other row by half a word, which stays in the same bank.',
  },
  {
    id: 'double-column',
    title: 'Eight-byte elements',
    goal: 'A 32 × 32 tile of double: a warp writes a row and reads a column. An 8-byte access is served in two phases of 16 lanes, so two rounds is the least an instruction takes. Choose the pitch so each takes two, in at most 8,448 bytes.',
    type: 'double',
    rows: 32,
    cols: 32,
    budget: 8448,
    answer: 'pitch',
    accesses: [{ ...rowWrite(32), rounds: 2 }, columnRead(32, 2)],
    hints: [
      'A double takes two banks. At a pitch of 32 doubles, a column’s rows are 64 words apart: the same two banks.',
      'Inside a phase only 16 lanes ask at once. One spare double per row moves each row two banks on.',
    ],
    solution: '33',
    explanation:
      'A pitch of 33 doubles is 66 words: each of a phase’s 16 rows starts two banks after the last, so 16 lanes fill all 32 banks once. 32 × 33 × 8 = 8,448 bytes.',
  },
  {
    id: 'xor-column',
    title: 'No room to pad',
    goal: 'The same transpose as Pad the column, but in exactly 4,096 bytes: no spare word. Write an index function so that row writes and column reads each take one round.',
    type: 'float',
    rows: 32,
    cols: 32,
    budget: 4096,
    answer: 'index',
    accesses: [rowWrite(32), columnRead(32)],
    hints: [
      'Padding needs room you do not have. Keep each row in its own 32 words, but shuffle where each column sits inside it.',
      'XOR the column with the row: col ^ row is a different position in each row, and still a permutation of a row.',
    ],
    solution: 'row * 32 + (col ^ row)',
    explanation:
      'col ^ row permutes each row’s 32 words, so a row write still asks 32 banks. Down a column, col ^ row takes a different value in every row, so the column read asks 32 banks too: no conflict, and not a byte of padding.',
  },
  {
    id: 'swizzle-column',
    title: 'Say it in CuTe',
    goal: 'The transpose in 4,096 bytes again, answered as CuTe’s Swizzle<B,M,S> on the row-major offset (row * 32 + col).',
    type: 'float',
    rows: 32,
    cols: 32,
    budget: 4096,
    answer: 'swizzle',
    accesses: [rowWrite(32), columnRead(32)],
    hints: [
      'Swizzle<B,M,S> XORs B bits taken S places higher into the bits from M up.',
      'The row is bits 5–9 of the offset, the column bits 0–4: XOR five bits, from bit 0, taken five places up.',
    ],
    solution: 'Swizzle<5,0,5>',
    explanation:
      'Swizzle<5,0,5> takes the offset’s bits 5–9 (the row’s low five bits) and XORs them into bits 0–4 (the column): exactly row * 32 + (col ^ row) for a 32 × 32 tile.',
  },
  {
    id: 'two-columns',
    title: 'Two columns at once',
    goal: 'A 16 × 32 float tile: a warp writes a row, and reads two neighbouring columns of all 16 rows (lanes 0–15 the first, 16–31 the second). Write an index function so each takes one round, in at most 2,176 bytes.',
    type: 'float',
    rows: 16,
    cols: 32,
    budget: 2176,
    answer: 'index',
    accesses: [
      rowWrite(16),
      { name: 'two-column read', op: 'load', row: 'lane % 16', col: '2 * i + lane / 16', count: 16, rounds: 1 },
    ],
    hints: [
      'With a pitch of 33, row r + 1 of the first column lands in the bank of row r of the second.',
      'Move each row two banks on, so the two columns interleave: the budget allows two spare words a row.',
    ],
    solution: 'row * 34 + col',
    explanation:
      'A pitch of 34 puts row r of column c in bank (2r + c) % 32: the first column takes the even banks, its neighbour the odd ones. 16 × 34 × 4 = 2,176 bytes.',
  },
  {
    id: 'float4-rows',
    title: 'float4 rows, float columns',
    goal: 'A 32 × 32 float tile in 4,096 bytes: a warp reads four rows as float4 (each lane four consecutive floats, 16-byte aligned), and a column one float a lane. A float4 read is served in 4 phases of 8 lanes: 4 rounds at best. A column can do no better than 4 either, once every float4 must stay whole. Make both take 4.',
    type: 'float',
    rows: 32,
    cols: 32,
    budget: 4096,
    answer: 'index',
    accesses: [FLOAT4_ROW_READ, columnRead(32, 4)],
    hints: [
      'Padding by one float breaks the float4s’ alignment. Permute whole float4s inside a row instead.',
      'Write col as a float4 (col / 4) and a place in it (col % 4); XOR the float4 with the row’s low three bits.',
    ],
    solution: 'row * 32 + ((col / 4) ^ (row % 8)) * 4 + col % 4',
    explanation:
      'Each row keeps its eight float4s whole and aligned, in an order set by row % 8: a row read still covers 32 banks per phase. Down a column, eight rows in a row put the float4 in eight different places, so 32 rows ask each bank four times: 4 rounds, the least a layout of whole float4s allows.',
  },
  {
    id: 'float4-cutlass',
    title: 'CUTLASS’s swizzle',
    goal: 'float4 rows and a column of a 32 × 32 float tile, as in float4 rows, float columns, answered as a CuTe Swizzle<B,M,S> on the row-major offset.',
    type: 'float',
    rows: 32,
    cols: 32,
    budget: 4096,
    answer: 'swizzle',
    accesses: [FLOAT4_ROW_READ, columnRead(32, 4)],
    hints: [
      'Swizzle<5,0,5> breaks the float4s: it changes the bits inside one.',
      'Leave bits 0–1 (the float inside a float4) alone: XOR three bits from bit 2 with three bits taken three places up (the row).',
    ],
    solution: 'Swizzle<3,2,3>',
    explanation:
      'Swizzle<3,2,3> XORs bits 5–7 of the offset (the row’s low three bits) into bits 2–4 (the float4 inside the row), leaving bits 0–1 alone: the index function of float4 rows, float columns, and the swizzle CUTLASS uses for 4-byte tiles.',
  },
  {
    id: 'ldmatrix-pad',
    title: 'ldmatrix, padded',
    goal: 'A 16 × 64 half tile: a warp stores a row in 16-byte pieces (8 halves a lane, four rows an instruction), and ldmatrix.x4 loads a 16 × 16 block (four 8 × 8 matrices, each lane giving one 16-byte row). Choose a pitch so each matrix takes one round, in at most 2,304 bytes.',
    type: 'half',
    rows: 16,
    cols: 64,
    budget: 2304,
    answer: 'pitch',
    accesses: [
      {
        name: '16-byte row store',
        op: 'store',
        row: '4 * i + lane / 8',
        col: '(lane % 8) * 8',
        vector: 8,
        count: 4,
        rounds: 4,
      },
      { name: 'ldmatrix.x4', op: 'ldmatrix', row: 'lane % 16', col: '16 * i + (lane / 16) * 8', count: 4, rounds: 4 },
    ],
    hints: [
      'At a pitch of 64 halves a row is 128 bytes: the eight rows of a matrix start in the same bank.',
      'An ldmatrix row is 16 bytes and must stay 16-byte aligned: pad by a whole 16 bytes (8 halves).',
    ],
    solution: '72',
    explanation:
      'A pitch of 72 halves is 144 bytes: each row of a matrix starts 16 bytes (four banks) after the last, so its eight 16-byte rows cover all 32 banks. Row starts stay 16-byte aligned, as ldmatrix requires. 16 × 72 × 2 = 2,304 bytes.',
  },
  {
    id: 'ldmatrix-swizzle',
    title: 'ldmatrix, swizzled',
    goal: 'The ldmatrix tile of ldmatrix, padded, in exactly 2,048 bytes: answer with a CuTe Swizzle<B,M,S> on the row-major offset (in halves) so every matrix takes one round.',
    type: 'half',
    rows: 16,
    cols: 64,
    budget: 2048,
    answer: 'swizzle',
    accesses: [
      {
        name: '16-byte row store',
        op: 'store',
        row: '4 * i + lane / 8',
        col: '(lane % 8) * 8',
        vector: 8,
        count: 4,
        rounds: 4,
      },
      { name: 'ldmatrix.x4', op: 'ldmatrix', row: 'lane % 16', col: '16 * i + (lane / 16) * 8', count: 4, rounds: 4 },
    ],
    hints: [
      'Keep each 16-byte piece (8 halves: bits 0–2 of the offset) whole, and permute the eight pieces of a row.',
      'A row is 64 halves: bits 6–8 are the row’s low three bits. XOR them into bits 3–5, the piece.',
    ],
    solution: 'Swizzle<3,3,3>',
    explanation:
      'Swizzle<3,3,3> XORs the row’s low three bits into the 16-byte piece’s index, so the eight rows of a matrix put the same piece in eight different places of their 128 bytes: all 32 banks once. It is the swizzle CUTLASS pairs with ldmatrix for 16-bit tiles 64 wide.',
  },
];
