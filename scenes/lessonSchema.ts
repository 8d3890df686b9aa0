import { Type, type Static, type TOptional, type TSchema } from '@sinclair/typebox';
import { FACT_NAME } from './factNames';
import { PANEL_KIND_NAMES, type PanelKind } from './panelKindNames';
import {
  ACCESS_REGISTRY,
  type AccessRegistry,
  type AnyField,
  type FieldShape,
  type Pattern,
  type WrittenFields,
} from '../src/engine';
import { PuzzleSchema } from './puzzleSchema';

/**
 * The lesson format: what a scene (built-in or an instructor's file) may say. The TypeScript types
 * of scenes come from these schemas, and `assets/lesson.schema.json` is written from them, so the
 * built-in lesson, editors' completion and the loader's checks can never disagree.
 */

const strict = { additionalProperties: false } as const;
const Id = Type.String({
  pattern: '^[a-z0-9][a-z0-9-]*$',
  maxLength: 60,
  description: 'Lowercase letters, digits and hyphens.',
});
const Text = Type.String({ minLength: 1, maxLength: 2000 });
const OneOf = <T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    description ? { description } : {},
  );

/** A field's shape (see the engine's accessField.ts) as the schema checks it. */
function fieldSchema(shape: FieldShape, description: string): TSchema {
  switch (shape.kind) {
    case 'integer':
      return Type.Integer({ minimum: shape.min, maximum: shape.max, description });
    case 'choice':
      // A choice of numbers (ldmatrix's 1, 2 or 4) may be written as a number too.
      return shape.values.every((v) => /^\d+$/.test(v))
        ? Type.Union([OneOf(shape.values), ...shape.values.map((v) => Type.Literal(Number(v)))], { description })
        : OneOf(shape.values, description);
    case 'text':
      return shape.numbers
        ? Type.Union([Type.String({ minLength: 1, maxLength: shape.maxLength }), Type.Integer({ minimum: 1 })], {
            description,
          })
        : Type.String({ minLength: 1, maxLength: shape.maxLength, description });
    case 'mask':
      return Type.Union(
        [Type.Integer({ minimum: 1, maximum: 0xffffffff }), Type.String({ pattern: '^(0x)?[0-9a-fA-F]{1,8}$' })],
        { description },
      );
    case 'list':
      return Type.Array(Type.Union([Type.Integer({ minimum: shape.min, maximum: shape.max }), Type.Null()]), {
        maxItems: shape.length,
        description,
      });
  }
}

/**
 * An access of `registry`'s kinds, with the URL's and Explore's keys, built from its kinds and
 * their fields and the kernel's; what is left out takes the lesson's defaults.
 */
export function createAccessSchema(registry: AccessRegistry): TSchema {
  const fields = registry.fields as Readonly<Record<string, AnyField>>;
  return Type.Object(
    {
      pattern: OneOf(registry.patterns, 'How the lanes choose their words.'),
      ...(Object.fromEntries(
        registry.keys.map((key) => [key, Type.Optional(fieldSchema(fields[key].shape, fields[key].description))]),
      ) as Record<string, TOptional<TSchema>>),
    },
    strict,
  );
}

/** An access of the player's kinds. */
export const AccessSchema = Type.Unsafe<SceneAccess>(createAccessSchema(ACCESS_REGISTRY));

const Cue = Type.String({
  pattern: '^(start|flights|queued|end|hold|round-[1-9][0-9]*)$',
  description:
    'When the beat begins: start, flights (every lane has fired), queued, round-k, end, or hold (with the beat before).',
});

export const HighlightSchema = Type.Object(
  {
    lanes: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 31 }), { maxItems: 32 })),
    banks: Type.Optional(
      Type.Array(
        Type.Union([Type.String({ pattern: `^\\{${FACT_NAME}\\}$` }), Type.Integer({ minimum: 0, maximum: 31 })]),
        {
          maxItems: 32,
          description: 'Banks, as facts like {busiest} (or numbers).',
        },
      ),
    ),
    table: Type.Optional(Type.Array(OneOf(['word', 'bank'] as const))),
    code: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), { description: 'Pieces of code text: their lines light up.' }),
    ),
  },
  strict,
);

export { PANEL_KIND_NAMES, type PanelKind };

/** A panel's kind, as the panel registry names them. */
export const PanelKindSchema = OneOf(PANEL_KIND_NAMES);

export const BeatSchema = Type.Object(
  {
    cue: Cue,
    text: Text,
    highlight: Type.Optional(HighlightSchema),
    panel: Type.Optional(
      Type.Union([PanelKindSchema], {
        description:
          'The panel this caption talks about (else the table or code its highlight names): it is brought into view while the caption shows.',
      }),
    ),
  },
  { ...strict, description: 'One caption; every number in it should be a {fact}.' },
);

export const QuestionSchema = Type.Object(
  {
    id: Id,
    prompt: Text,
    kind: OneOf(['number', 'choice'] as const),
    choices: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 2, maxItems: 8 })),
    answer: Type.String({
      pattern: `^${FACT_NAME}$`,
      description:
        'The fact whose value is the answer: a name such as rounds, or q-1.rounds for question q-1’s access.',
    }),
    access: Type.Optional(AccessSchema),
    explanation: Text,
    explain: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2000,
        description:
          'A question to answer in words, after the number: the learner writes an explanation (kept with their answers), then compares it with the explanation.',
      }),
    ),
  },
  strict,
);

// Apart from the scene, so that the panel kinds can name what they show without a cycle through it.
const CodeListingSchema = Type.Object(
  {
    title: Type.String({ minLength: 1 }),
    text: Type.String({ maxLength: 20_000 }),
    lit: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100, description: 'Lines (from 1) lit at every beat.' }),
    ),
  },
  strict,
);

/** A kernel line as Kernel mode opens it: the scene's access is that line's instruction. */
export const KernelSceneSchema = Type.Object(
  {
    file: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z0-9_-]+(\\.cu)?$',
        description: 'A kernel of the player’s presets (assets/kernels), by name: transposeCoalesced.',
      }),
    ),
    source: Type.Optional(Type.String({ minLength: 1, maxLength: 20_000, description: 'The kernel’s CUDA source.' })),
    block: Type.Union([Type.String({ minLength: 1, maxLength: 20 }), Type.Integer({ minimum: 1 })], {
      description: 'The thread block, as X, XxY or XxYxZ (like 32x8).',
    }),
    args: Type.Optional(
      Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }), Type.Union([Type.Integer(), Type.String()]), {
        description: 'Integer kernel and template parameters by name.',
      }),
    ),
    line: Type.Integer({ minimum: 1, description: 'The kernel line whose instruction the scene shows.' }),
    instance: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Which of the line’s instructions (from 1); else its worst.' }),
    ),
  },
  { ...strict, description: 'A kernel line instead of an access, given file or source.' },
);
const ReferenceSchema = Type.Object({ title: Text, href: Type.String({ pattern: '^https?://' }), why: Text }, strict);
const NotesSchema = Type.Object({ title: Text, items: Type.Array(Text) }, strict);

export const SceneSchema = Type.Object(
  {
    id: Id,
    title: Type.String({ minLength: 1, maxLength: 200 }),
    access: AccessSchema,
    kernel: Type.Optional(KernelSceneSchema),
    compare: Type.Optional(Type.Record(Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9]*$' }), AccessSchema)),
    beats: Type.Array(BeatSchema, { minItems: 1, maxItems: 100 }),
    question: Type.Optional(QuestionSchema),
    quiz: Type.Optional(Type.Array(QuestionSchema, { maxItems: 12 })),
    takeaways: Type.Optional(Type.Array(Text)),
    panels: Type.Optional(Type.Array(PanelKindSchema)),
    table: Type.Optional(
      Type.Object(
        {
          title: Type.Optional(
            Type.String({ minLength: 1, maxLength: 80, description: 'Its heading (default: Worked example).' }),
          ),
          lanes: Type.Integer({ minimum: 1, maximum: 16 }),
          accesses: Type.Array(
            Type.Object(
              {
                of: Type.String({ minLength: 1 }),
                reveal: OneOf(['live', 'shown', 'later'] as const),
                label: Type.Optional(
                  Type.String({
                    minLength: 1,
                    maxLength: 30,
                    description: 'What its rows are called beside Word and Bank (default: its pitch).',
                  }),
                ),
              },
              strict,
            ),
            { minItems: 1, maxItems: 4 },
          ),
        },
        strict,
      ),
    ),
    code: Type.Optional(CodeListingSchema),
    references: Type.Optional(Type.Array(ReferenceSchema, { maxItems: 20 })),
    notes: Type.Optional(Type.Array(NotesSchema, { maxItems: 10 })),
  },
  strict,
);

export const ChapterSchema = Type.Object(
  {
    id: Id,
    title: Type.String({ minLength: 1, maxLength: 80 }),
    start: Type.String({ minLength: 1, description: 'The id of the chapter’s first scene.' }),
  },
  { ...strict, description: 'A chapter: from its first scene up to the next chapter’s.' },
);

export const LessonSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    scenes: Type.Array(SceneSchema, { minItems: 1, maxItems: 100 }),
    chapters: Type.Optional(
      Type.Array(ChapterSchema, {
        minItems: 1,
        maxItems: 20,
        description: 'The lesson’s chapters, in order; the first starts at the first scene.',
      }),
    ),
    puzzles: Type.Optional(
      Type.Array(PuzzleSchema, {
        maxItems: 50,
        description: 'Layout puzzles for Puzzles mode (mode=puzzles), in order; the built-in ones when none.',
      }),
    ),
  },
  {
    ...strict,
    $id: 'https://bank-conflict-player/lesson.schema.json',
    title: 'Bank-conflict player lesson',
    description: 'A lesson for the bank-conflict player: scenes of warp-wide reads, narrated in beats.',
  },
);

/** An access as a lesson file writes it: its kind, and any of the engine's fields. */
export type SceneAccess = { readonly pattern: Pattern } & WrittenFields;
export type Highlight = Static<typeof HighlightSchema>;
export type Beat = Static<typeof BeatSchema>;
export type Cue = Beat['cue'];
export type Question = Static<typeof QuestionSchema>;
export type Scene = Static<typeof SceneSchema>;
export type Lesson = Static<typeof LessonSchema>;
export type Chapter = Static<typeof ChapterSchema>;
export type WorkedTable = NonNullable<Scene['table']>;
export type CodeListing = Static<typeof CodeListingSchema>;
export type Reference = Static<typeof ReferenceSchema>;
export type Notes = Static<typeof NotesSchema>;
export type LessonPuzzle = Static<typeof PuzzleSchema>;

/** The schema as plain JSON Schema, for editors (written to assets/lesson.schema.json). */
export function getLessonJsonSchema(): TSchema {
  const schema = JSON.parse(JSON.stringify(LessonSchema)) as TSchema;
  // A file's scene gives an access or a kernel (which the reader turns into its access).
  const scene = schema.properties.scenes.items as TSchema;
  scene.required = (scene.required as string[]).filter((key) => key !== 'access');
  scene.oneOf = [{ required: ['access'] }, { required: ['kernel'] }];
  return schema;
}
export type KernelScene = Static<typeof KernelSceneSchema>;
