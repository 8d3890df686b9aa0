import { Value } from '@sinclair/typebox/value';
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCENES } from '../../scenes';
import { PanelKindSchema } from '../../scenes/lessonSchema';
import { getSchedule, readWrittenSpec } from '../../src/engine';
import { readLesson } from '../../src/lesson/readLesson';
import { getScenePanels, PANEL_KIND_NAMES, PANEL_KINDS, preparePanel } from '../../src/panels/panelKinds';
import { createExploreEntry } from '../../src/program/createExploreEntry';
import { createProgram } from '../../src/program/createProgram';
import { getFrame } from '../../src/timeline/getFrame';
import { planTimeline } from '../../src/timeline/planTimeline';
import { unwrap } from '../unwrap';

const FOLDER = 'src/panels';
const folders = readdirSync(FOLDER, { withFileTypes: true }).filter((d) => d.isDirectory());

describe('a panel kind is one folder and one line of the registry', () => {
  it('every folder is a kind of the registry, and every kind has its folder', () => {
    expect(folders.map((d) => d.name).sort()).toEqual([...PANEL_KIND_NAMES].sort());
  });

  for (const kind of PANEL_KIND_NAMES)
    it(`${kind}: its folder holds its definition, its frame view and (unless the page shows it elsewhere) its page view`, () => {
      const files = readdirSync(`${FOLDER}/${kind}`);
      expect(existsSync(`${FOLDER}/${kind}/${kind}Panel.ts`)).toBe(true);
      expect(files.filter((f) => f.endsWith('FrameView.ts'))).toHaveLength(1);
      expect(files.filter((f) => f.endsWith('PageView.ts'))).toHaveLength(PANEL_KINDS[kind].elsewhereOnPage ? 0 : 1);
    });

  it('the lesson schema takes exactly the registry’s kinds', () => {
    for (const kind of PANEL_KIND_NAMES) expect(Value.Check(PanelKindSchema, kind), kind).toBe(true);
    expect(Value.Check(PanelKindSchema, 'chart')).toBe(false);
  });
});

describe('the question is a panel kind', () => {
  it('asked first in a scene that asks one, unless its panels place it', () => {
    const question = SCENES.find((s) => s.question)!.question;
    expect(getScenePanels({ panels: ['table'], question })).toEqual(['question', 'table']);
    expect(getScenePanels({ panels: ['table', 'question'], question })).toEqual(['table', 'question']);
    expect(getScenePanels({ panels: ['table'] })).toEqual(['table']);
  });

  it('a lesson that lists it without a question is told what is missing, with the line', () => {
    const read = readLesson(`title: T
scenes:
  - id: a
    title: A
    access: { pattern: row }
    panels: [question]
    beats:
      - { cue: end, text: "{rounds} round." }
`);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.issues).toContainEqual(
      expect.objectContaining({
        path: 'scenes[0].panels[0]',
        line: 6,
        message: "the question panel needs the scene's question",
      }),
    );
  });
});

/** A scene's panel of one kind at the start of its plan. */
function recordAt<K extends keyof typeof PANEL_KINDS>(kind: K, entry: ReturnType<typeof createProgram>[number]) {
  const plan = planTimeline(getSchedule(entry.access), entry.beats);
  return preparePanel(kind, entry, plan.schedule)!({ frame: getFrame(plan, 0), plan, predicted: false, answer: null });
}

describe('every word a panel shows is in its record, for both views to lay out', () => {
  const program = createProgram(SCENES);
  const scene = (id: string) => program.find((p) => p.id === id)!;

  it('the table: its heading, lane headings, row names and the note under it', () => {
    const table = recordAt('table', scene('padding'));
    expect(table.title).toMatch(/^Worked example/);
    expect(table.laneHeading).toBe('Lane');
    expect(table.lanes).toEqual(['L0', 'L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7']);
    expect(table.rows.map((r) => r.short)).toEqual(['Word, p 32', 'Bank, p 32', 'Word, p 33', 'Bank, p 33']);
    expect(table.note).toBe('Word = lane × pitch; bank = word mod the number of banks. A dot: not read yet.');
  });

  it('the tile: its heading, and up to a pitch of 128 its cells; past that, what is said instead', () => {
    const tileAt = (pitch: number) =>
      recordAt('tile', unwrap(createExploreEntry(unwrap(readWrittenSpec({ pattern: 'row', pitch })))));
    expect(tileAt(128)).toMatchObject({ heading: 'The tile in memory', tooWide: null, pitch: 128 });
    expect(tileAt(129)).toMatchObject({
      heading: 'The tile in memory',
      tooWide: 'A row of 129 words is too wide to draw here.',
    });
  });

  it('the code: its lines, and which of them any beat points at', () => {
    const code = recordAt('code', scene('cuda'));
    expect(code.lines.length).toBeGreaterThan(5);
    expect(code.pointed.length).toBeGreaterThan(0);
    expect(code.pointed.every((line) => line >= 1 && line <= code.lines.length)).toBe(true);
  });

  it('the quiz: its heading, each numbered prompt and what shows under it before the reveal', () => {
    const quiz = recordAt('quiz', scene('try-it'));
    expect(quiz.heading).toBe('Try it yourself');
    expect(quiz.items.map((i) => i.prompt.slice(0, 3))).toEqual(quiz.items.map((_, i) => `${i + 1}. `));
    expect(new Set(quiz.items.map((i) => i.answer))).toEqual(new Set(['Predict, then reveal.']));
  });

  it('the question: what the room is asked to do, then the answers once the read begins', () => {
    const entry = scene('every-other');
    const plan = planTimeline(getSchedule(entry.access), entry.beats);
    const record = preparePanel('question', entry, plan.schedule)!;
    const asked = record({ frame: getFrame(plan, 0), plan, predicted: false, answer: null });
    expect(asked).toMatchObject({ heading: 'Predict', revealed: false, said: 'Predict, then watch the rounds.' });
    const answered = record({ frame: getFrame(plan, 0), plan, predicted: true, answer: '3' });
    expect(answered.said).toBe(`You: 3 · The model: ${entry.question!.answer}`);
    expect(record({ frame: getFrame(plan, plan.duration), plan, predicted: false, answer: null }).revealed).toBe(true);
  });

  it('the references: a link only for a web address, never a script’s', () => {
    const [entry] = createProgram([
      {
        ...SCENES.find((s) => s.id === 'limits')!,
        references: [
          { title: 'Guide', href: 'https://docs.nvidia.com/cuda/', why: 'The rules.' },
          { title: 'Trap', href: 'javascript:alert(1)', why: 'A script.' },
        ],
      },
    ]);
    const references = recordAt('references', entry);
    expect(references.heading).toBe('References');
    expect(references.items.map((r) => r.href)).toEqual(['https://docs.nvidia.com/cuda/', null]);
  });
});
