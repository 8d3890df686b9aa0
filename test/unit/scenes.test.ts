import { readFileSync } from 'node:fs';
import { FACT_NAME, findFactPlaceholders } from '../../scenes/factNames';
import { describe, expect, it } from 'vitest';
import { SCENES, type Scene } from '../../scenes';
import { createSceneAccess, fillTemplate, getSceneFacts } from '../../scenes/getSceneFacts';
import { getElementBytes, getSchedule, getSpecTile, getTileFootprint, getTileRows } from '../../src/engine';
import { createProgram } from '../../src/program/createProgram';
import { getFrame, isSamePicture, type FrameRecord } from '../../src/timeline/getFrame';
import { planTimeline, READING_SPEEDS } from '../../src/timeline/planTimeline';
import { getCodeLines } from '../../src/program/getCodeLines';
import { checkLesson } from '../../src/lesson/checkLesson';
import { tablePanel } from '../../src/panels/table/tablePanel';
import { unwrap } from '../unwrap';
import { quizOf, tableOf } from '../panelContent';

/**
 * Digits the built-in lesson may type: names, not results — lanes (`lane 0`, `lanes 0 to 15`), an
 * `ldmatrix`'s matrices (`matrix 1`) and a GPU generation (`compute capability 2.x`).
 */
const withoutLaneNames = (text: string) =>
  text
    .replace(/\b[Ll]anes? \d+( (and|to) \d+)?/g, 'lane')
    .replace(/\b[Mm]atrix \d+/g, 'matrix')
    .replace(/\bcompute capability \d+\.x\b/g, 'compute capability');

/** Every template a scene holds, with where it is. */
function templatesOf(scene: Scene): [string, string][] {
  return [
    ['title', scene.title],
    ...scene.beats.map((b, i): [string, string] => [`beat ${i + 1}`, b.text]),
    ...[scene.question, ...(scene.quiz ?? [])].flatMap((q): [string, string][] =>
      q
        ? [
            [`${q.id} prompt`, q.prompt],
            [`${q.id} explanation`, q.explanation],
            ...(q.explain ? [[`${q.id} explain`, q.explain] as [string, string]] : []),
          ]
        : [],
    ),
    ...(scene.takeaways ?? []).map((t, i): [string, string] => [`takeaway ${i + 1}`, t]),
    ...(scene.notes ?? []).flatMap((n) => [
      [n.title, n.title] as [string, string],
      ...n.items.map((item): [string, string] => [n.title, item]),
    ]),
  ];
}

describe('the walkthrough’s scenes', () => {
  const program = createProgram(SCENES);

  it('say whether they ask first as their filled question does, and fill each part once', () => {
    for (const entry of program) {
      expect(entry.asksQuestion, entry.id).toBe(entry.question !== null);
      expect(entry.beats, entry.id).toBe(entry.beats);
    }
  });

  it('have unique ids', () => {
    expect(new Set(SCENES.map((s) => s.id)).size).toBe(SCENES.length);
  });

  for (const scene of SCENES) {
    it(`${scene.id}: passes every check a lesson file gets, and types no number into narration, questions, notes or bank highlights`, () => {
      expect(checkLesson({ title: 'The lesson', scenes: [scene] })).toEqual([]);
      for (const [where, template] of templatesOf(scene)) {
        // A lesson file may type a number that is no fact; the built-in lesson types none at all.
        const withoutFacts = withoutLaneNames(template.replace(findFactPlaceholders(), ''));
        expect(withoutFacts, `${scene.id} ${where}: ${template}`).not.toMatch(/\d/);
      }
      for (const beat of scene.beats) {
        for (const bank of beat.highlight?.banks ?? [])
          expect(bank, `${scene.id}: ${beat.text}`).toMatch(new RegExp(`^\\{${FACT_NAME}\\}$`));
      }
    });
  }

  it('fill every fact from the engine: rounds, banks, words and bytes', () => {
    for (const scene of SCENES) {
      const facts = unwrap(getSceneFacts(scene));
      const { spec, access } = unwrap(createSceneAccess(scene.access));
      const schedule = getSchedule(access);
      expect(facts.rounds).toBe(String(schedule.rounds));
      expect(facts.busiest).toBe(String(schedule.busiestBanks[0]));
      schedule.lanes.forEach((lane) => {
        if (lane.word !== null) expect(facts[`bank${lane.lane}`]).toBe(String(lane.bank));
      });
      const tile = getSpecTile(spec);
      if (tile?.ok) {
        const rows = getTileRows(tile.value, access.elements);
        expect(facts.tileBytes).toBe(
          getTileFootprint(tile.value, rows, getElementBytes(schedule.type)).bytes.toLocaleString('en'),
        );
        expect(facts.pitch).toBe(String(spec.pitch));
      }
    }
    const padding = program.find((p) => p.id === 'padding')!;
    expect(padding.beats.map((b) => b.text).join(' ')).toContain(
      '32 rows × 33 words × 4 bytes = 4,224 bytes, of which 128 are padding: the tile is 3.1% larger than its 4,096 useful bytes',
    );
    expect(padding.beats.map((b) => b.text).join(' ')).toContain('1 round instead of 32');
  });

  it('highlight the banks their facts name', () => {
    const banks = program.find((p) => p.id === 'banks')!;
    expect(banks.beats.find((b) => b.cue === 'queued')?.highlight?.banks).toEqual([16, 0]);
    const everyOther = program.find((p) => p.id === 'every-other')!;
    expect(everyOther.beats.find((b) => b.cue === 'queued')?.highlight?.banks).toEqual([0, 2, 30]);
  });

  it('refuse a template that names an unknown fact', () => {
    expect(fillTemplate('{nope} rounds', { rounds: '1' })).toEqual({
      ok: false,
      error: { field: 'nope', reason: 'no fact called "nope"' },
    });
    expect(fillTemplate('{constructor}', {}).ok).toBe(false);
  });

  it('refuse a bad access, naming the scene and the field', () => {
    const bad: Scene = { ...SCENES[0], access: { pattern: 'column', cols: 32, pitch: 16 } };
    expect(() => createProgram([bad])).toThrow(/scene banks, access.pitch: .*at least the 32 useful columns/);
  });

  it('ask questions whose answers come from the engine, each with an Explore link to its pattern', () => {
    expect(program.find((p) => p.id === 'every-other')!.question?.answer).toBe('1');
    expect(program.find((p) => p.id === 'every-other-full')!.question?.answer).toBe('2');
    const quiz = quizOf(program.find((p) => p.id === 'try-it')!);
    expect(quiz.map((q) => q.answer)).toEqual(['32', '1', '1', 'yes']);
    expect(quiz.map((q) => q.access.pattern)).toEqual(['column', 'column', 'broadcast', 'stride']);
  });

  it('point at the lines of the CUDA program that they talk about', () => {
    const cuda = program.find((p) => p.id === 'cuda')!;
    const source = readFileSync(new URL('../../assets/readColumn.cu', import.meta.url), 'utf8');
    expect(cuda.scene?.code?.text).toBe(source);
    for (const beat of cuda.beats) {
      for (const piece of beat.highlight?.code ?? []) {
        // Each piece names exactly one line of the kernel, so the highlight can never land elsewhere.
        expect(getCodeLines(source, [piece]), piece).toHaveLength(1);
      }
    }
    const barrier = cuda.beats.filter((b) => b.highlight?.code?.some((c) => c.includes('__syncthreads')));
    expect(barrier.length).toBeGreaterThanOrEqual(2);
  });

  it('fill the worked example’s four rows from the engine: pitch 32 and pitch 33, lanes L0–L7', () => {
    const column = tableOf(program.find((p) => p.id === 'column-read')!)!;
    expect(column.accesses.map((a) => [a.label, a.reveal])).toEqual([
      ['pitch 32', 'live'],
      ['pitch 33', 'later'],
    ]);
    expect(column.accesses[0].words).toEqual(['0', '32', '64', '96', '128', '160', '192', '224']);
    expect(column.accesses[0].banks).toEqual(['0', '0', '0', '0', '0', '0', '0', '0']);
    expect(column.accesses[1].words).toEqual(['0', '33', '66', '99', '132', '165', '198', '231']);
    expect(column.accesses[1].banks).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    const padding = tableOf(program.find((p) => p.id === 'padding')!)!;
    expect(padding.accesses.map((a) => [a.label, a.reveal])).toEqual([
      ['pitch 32', 'shown'],
      ['pitch 33', 'live'],
    ]);
  });
});

describe('a scene shows every access its captions narrate', () => {
  const program = createProgram(SCENES);
  /** Each beat's table rows, as the panel records them while that beat's caption shows. */
  const rowsByBeat = (id: string) => {
    const entry = program.find((p) => p.id === id)!;
    const plan = planTimeline(getSchedule(entry.access), entry.beats, READING_SPEEDS.normal);
    return plan.beats.map((beat) => {
      const frame = getFrame(plan, beat.start);
      return { beat, record: tablePanel.record(tableOf(entry)!, { frame, plan, predicted: false, answer: null }) };
    });
  };
  /** The first lanes' words and banks of a scene's compared access, from the engine. */
  const engineRows = (id: string, name: string, lanes: number) => {
    const written = SCENES.find((s) => s.id === id)!.compare![name];
    const slots = getSchedule(unwrap(createSceneAccess(written)).access).lanes.slice(0, lanes);
    return [slots.map((l) => String(l.word)), slots.map((l) => String(l.bank))];
  };

  for (const [id, name, label] of [
    ['half-precision', 'column', 'column'],
    ['thread-block', 'padded', 'float tile[32][33]'],
    ['ldmatrix', 'plain', 'unswizzled'],
  ] as const)
    it(`${id}: the ${label} rows stay dots until a caption names ${name}, then hold the engine's words and banks`, () => {
      const scene = SCENES.find((s) => s.id === id)!;
      const beats = rowsByBeat(id);
      const first = scene.beats.findIndex((b) => b.text.includes(`{${name}.`));
      expect(first, 'a caption names the access').toBeGreaterThanOrEqual(0);
      const expected = engineRows(id, name, 8);
      for (const { beat, record } of beats) {
        const rows = record.rows.filter((r) => r.label === label).map((r) => r.cells.map((c) => c.text));
        expect(rows, `${id}, beat ${beat.index + 1}`).toEqual(
          beat.index < first ? [Array(8).fill('·'), Array(8).fill('·')] : expected,
        );
      }
      // The caption that names the access points at its banks, and they light.
      expect(scene.beats[first].highlight?.table).toContain('bank');
      const banks = beats[first].record.rows.find((r) => r.label === label && r.kind === 'bank')!;
      expect(banks.cells.every((c) => c.lit)).toBe(true);
    });

  it('column-read: its padded rows wait for the next scene, which reads them, since no caption of its own names them', () => {
    const last = rowsByBeat('column-read').at(-1)!.record;
    expect(last.rows.filter((r) => r.label === 'pitch 33').flatMap((r) => r.cells.map((c) => c.text))).toEqual(
      Array(16).fill('·'),
    );
  });
});

/** What the stage shows at a frame, in the words a cue uses. */
function stateOf(frame: FrameRecord): string {
  const tokens = frame.tokens.map((t) => t.state);
  if (tokens.every((s) => s === 'hidden')) return 'start';
  if (tokens.every((s) => s === 'gone')) return 'end';
  if (frame.round === 0) return tokens.every((s) => s === 'queued') ? 'queued' : 'flights';
  return `round-${frame.round}`;
}

// A caption must never name a state the stage has already left: the picture at the moment the
// caption appears is the state its cue names, and it holds still while the caption is read.
const program = createProgram(SCENES);
for (const entry of program) {
  it(`${entry.id}: each beat’s picture is the state its cue names, held while its caption is read`, () => {
    for (const speed of Object.values(READING_SPEEDS)) {
      const plan = planTimeline(getSchedule(entry.access), entry.beats, speed);
      let cue = 'start';
      for (const beat of plan.beats) {
        if (beat.cue !== 'hold') cue = beat.cue;
        const shown = getFrame(plan, beat.start);
        const held = getFrame(plan, beat.start + beat.hold - 0.01);
        expect(stateOf(shown), `${beat.text}`).toBe(cue === 'flights' ? 'flights' : cue);
        expect(isSamePicture({ ...shown, beat: null }, { ...held, beat: null }), beat.text).toBe(true);
      }
    }
  });
}
