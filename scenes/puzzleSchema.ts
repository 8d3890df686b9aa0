import { Type } from '@sinclair/typebox';
import { ELEMENT_TYPES } from '../src/engine';
import { PUZZLE_ANSWER_KINDS, PUZZLE_OPERATIONS } from '../src/engine/puzzles/puzzleTypes';

const strict = { additionalProperties: false } as const;
const Text = Type.String({ minLength: 1, maxLength: 2000 });
const OneOf = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );
const Expression = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });

/** One access a puzzle's layout must serve: `count` warp instructions over the tile. */
export const PuzzleAccessSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 60, description: 'What a verdict calls it: column read.' }),
    op: OneOf(PUZZLE_OPERATIONS, 'The instruction: load, store or ldmatrix.'),
    row: Expression('The row lane `lane` touches in instruction `i`: a C expression over lane and i.'),
    col: Expression('Its column (the first of a vector): a C expression over lane and i.'),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1024, description: 'Instructions, i = 0 … count − 1.' })),
    vector: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 16,
        description: 'Elements a lane moves, consecutive in its row (16 bytes at most).',
      }),
    ),
    matrices: Type.Optional(
      Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(4)], { description: 'ldmatrix’s .x1, .x2 or .x4.' }),
    ),
    rounds: Type.Integer({ minimum: 1, maximum: 1024, description: 'The most rounds one instruction may take.' }),
  },
  strict,
);

/** A layout puzzle, as a lesson file's `puzzles:` entry writes it (see docs/lessons.md). */
export const PuzzleSchema = Type.Object(
  {
    id: Type.String({
      pattern: '^[a-z0-9][a-z0-9-]*$',
      maxLength: 60,
      description: 'Lowercase letters, digits and hyphens.',
    }),
    title: Type.String({ minLength: 1, maxLength: 120 }),
    goal: Text,
    type: OneOf(ELEMENT_TYPES, 'The tile’s element type.'),
    rows: Type.Integer({ minimum: 1, maximum: 256 }),
    cols: Type.Integer({ minimum: 1, maximum: 256 }),
    budget: Type.Integer({ minimum: 1, description: 'Bytes of shared memory the layout may use.' }),
    answer: OneOf(PUZZLE_ANSWER_KINDS, 'What the learner writes: an index function, a pitch or a CuTe swizzle.'),
    accesses: Type.Array(PuzzleAccessSchema, { minItems: 1, maxItems: 8 }),
    hints: Type.Array(Text, { maxItems: 10 }),
    solution: Type.String({
      minLength: 1,
      maxLength: 500,
      description: 'An answer that passes; the file is checked with it.',
    }),
    explanation: Text,
  },
  strict,
);
