import type { CodeListing, Notes, PanelKind, Question, Reference, Scene, SceneAccess } from '../../scenes';
import { findFactPlaceholders } from '../../scenes/factNames';
import { createSceneAccess, fillTemplate, getSceneFacts, type Facts } from '../../scenes/getSceneFacts';
import { getAccessKind, getSchedule, type AccessSpec, type WarpRequest } from '../engine';
import { getScenePanels } from '../panels/panelKinds';
import type { BeatInput } from '../timeline/planTimeline';
import { getQuestionHint } from './getQuestionHint';

/** A question with its templates filled and its answer read off the engine. */
export interface ReadyQuestion {
  readonly id: string;
  readonly prompt: string;
  readonly kind: Question['kind'];
  readonly choices: readonly string[];
  readonly answer: string;
  readonly explanation: string;
  /** A question asked in words after the number, whose explanation the learner writes first; `null`: none. */
  readonly explain: string | null;
  /** The access the question is about, so the learner can open it in Explore. */
  readonly access: AccessSpec;
  /** What a first wrong answer is told: a nudge toward the rule the answer follows. */
  readonly hint: string;
}

/** One pair of rows of the worked example: an access's words and banks for the first lanes. */
export interface ReadyTableAccess {
  /** What its rows are called beside Word and Bank: its label, else its pitch (`pitch 32`); empty: nothing. */
  readonly label: string;
  readonly words: readonly string[];
  readonly banks: readonly string[];
  /**
   * `live`: fills in as the scene's lanes fire; `shown`: filled from the start; `later`: blank until
   * a caption names the access (see {@link namedBy}), and to the end when none does.
   */
  readonly reveal: 'live' | 'shown' | 'later';
  /**
   * The beats (by index) whose caption names this access by one of its facts (`{padded.rounds}`):
   * a `later` row fills from the first of them on, and lights while one of them shows.
   */
  readonly namedBy: readonly number[];
}

export interface ReadyTable {
  readonly title: string;
  readonly lanes: number;
  readonly accesses: readonly ReadyTableAccess[];
  /** How a lane's word follows from the access, when one rule holds for every row pair. */
  readonly wordRule: string | null;
}

/** One entry of what the player plays: a scene with every template filled from the engine. */
export interface ProgramEntry {
  readonly id: string;
  readonly title: string;
  /** The access as a person describes it (for the tile, the inspector and Explore links). */
  readonly spec: AccessSpec;
  /** What the warp asks of shared memory: each lane's bytes and words, and the phases. */
  readonly access: WarpRequest;
  readonly beats: readonly BeatInput[];
  /** Whether the scene asks a question first: known without filling the question's templates. */
  readonly asksQuestion: boolean;
  readonly question: ReadyQuestion | null;
  readonly quiz: readonly ReadyQuestion[];
  readonly takeaways: readonly string[];
  /** The panels it shows beside the stage (and in a composed frame), in order. */
  readonly panels: readonly PanelKind[];
  readonly table: ReadyTable | null;
  readonly code: CodeListing | null;
  readonly references: readonly Reference[];
  readonly notes: readonly Notes[];
  readonly facts: Facts;
}

/** A scene's mistake, named by where it is: a scene file is code, so this is a bug to fix there. */
function sceneError(scene: Scene, where: string, reason: string): Error {
  return new Error(`scene ${scene.id}, ${where}: ${reason}`);
}

function makeAccess(scene: Scene, written: SceneAccess, where: string) {
  const made = createSceneAccess(written);
  if (!made.ok) throw sceneError(scene, `${where}.${made.error.field}`, made.error.reason);
  return made.value;
}

function fill(scene: Scene, text: string, facts: Facts, where: string): string {
  const filled = fillTemplate(text, facts);
  if (!filled.ok) throw sceneError(scene, where, filled.error.reason);
  return filled.value;
}

function readyQuestion(scene: Scene, question: Question, facts: Facts): ReadyQuestion {
  const where = `question ${question.id}`;
  const { spec, access } = makeAccess(scene, question.access ?? scene.access, where);
  return {
    id: question.id,
    prompt: fill(scene, question.prompt, facts, where),
    kind: question.kind,
    choices: question.choices ?? [],
    answer: fill(scene, `{${question.answer}}`, facts, where),
    explanation: fill(scene, question.explanation, facts, where),
    explain: question.explain ? fill(scene, question.explain, facts, where) : null,
    access: spec,
    hint: getQuestionHint(question.kind, question.answer, getSchedule(access)),
  };
}

/** The rule that gives every access's words, when one rule does for them all. */
function getSharedWordRule(specs: readonly AccessSpec[]): string | null {
  const rules = specs.map((spec) => getAccessKind(spec.pattern).wordRule?.(spec) ?? null);
  return rules.every((rule) => rule !== null && rule === rules[0]) ? rules[0] : null;
}

/** The beats whose caption (or pointed-at banks) names a fact of the compared access `name`. */
function findNamingBeats(scene: Scene, name: string): number[] {
  const prefix = `${name}.`;
  const names = (text: string) =>
    [...text.matchAll(findFactPlaceholders())].some(([, fact]) => fact.startsWith(prefix));
  return scene.beats.flatMap((beat, i) =>
    names(beat.text) || (beat.highlight?.banks ?? []).some((bank) => typeof bank === 'string' && names(bank))
      ? [i]
      : [],
  );
}

function readyTable(scene: Scene, facts: Facts): ReadyTable | null {
  const table = scene.table;
  if (!table) return null;
  const specs = table.accesses.map(({ of }) => {
    const written = of === 'self' ? scene.access : scene.compare?.[of];
    if (!written) throw sceneError(scene, 'table', `no access called "${of}" to compare with`);
    return makeAccess(scene, written, `table ${of}`);
  });
  return {
    title: `${table.title ? fill(scene, table.title, facts, 'table.title') : 'Worked example'}: lanes L0–L${table.lanes - 1}`,
    lanes: table.lanes,
    accesses: table.accesses.map(({ of, reveal, label: written }, i) => {
      const label = written === undefined ? undefined : fill(scene, written, facts, `table.accesses[${i}].label`);
      const { spec, access } = specs[i];
      const lanes = getSchedule(access).lanes.slice(0, table.lanes);
      return {
        label: label ?? (getAccessKind(spec.pattern).readsTile ? `pitch ${spec.pitch}` : ''),
        words: lanes.map((l) => (l.word === null ? '' : String(l.word))),
        banks: lanes.map((l) => (l.bank === null ? '' : String(l.bank))),
        reveal,
        // The scene's own facts have no prefix: only a compared access is named this way.
        namedBy: of === 'self' ? [] : findNamingBeats(scene, of),
      };
    }),
    // The lesson's table compares column reads of column 0; a lesson file may compare anything.
    wordRule: getSharedWordRule(specs.map(({ spec }) => spec)),
  };
}

/** Fills a beat's text and turns its bank templates into bank numbers. */
function readyBeat(scene: Scene, beat: Scene['beats'][number], i: number, facts: Facts): BeatInput {
  const where = `beat ${i + 1}`;
  const banks = beat.highlight?.banks?.map((named) => {
    const bank = typeof named === 'number' ? named : Number(fill(scene, named, facts, where));
    if (!Number.isInteger(bank)) throw sceneError(scene, where, `highlight ${named} is not a bank number`);
    return bank;
  });
  const { lanes, table, code } = beat.highlight ?? {};
  // A caption that lights up the table's cells or the code's lines is talking about that panel.
  const panel = beat.panel ?? (table ? 'table' : code ? 'code' : undefined);
  return {
    text: fill(scene, beat.text, facts, where),
    cue: beat.cue,
    ...(beat.highlight ? { highlight: { lanes, banks, table, code } } : {}),
    ...(panel && getScenePanels(scene).includes(panel) ? { panel } : {}),
  };
}

/** `make`, called the first time the result is asked for and never again. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

/**
 * Turns scenes into playable entries, filling every template from the engine.
 *
 * @remarks
 * A scene whose access is invalid throws at once, with the scene and the place named; one whose
 * template names an unknown fact throws when that text is first read (tests read every scene's).
 * The rest waits until it is read: a page shows one scene at a time, and working out the engine's
 * facts of all of them slowed every page load. Each part is made once.
 */
export function createProgram(scenes: readonly Scene[]): ProgramEntry[] {
  return scenes.map((scene) => {
    const { spec, access } = makeAccess(scene, scene.access, 'access');
    const facts = once(() => {
      const made = getSceneFacts(scene);
      if (!made.ok) throw sceneError(scene, made.error.field, made.error.reason);
      return made.value;
    });
    // A text without a placeholder needs no facts: most titles.
    const title = once(() => (scene.title.includes('{') ? fill(scene, scene.title, facts(), 'title') : scene.title));
    const beats = once(() => scene.beats.map((beat, i) => readyBeat(scene, beat, i, facts())));
    const question = once(() => (scene.question ? readyQuestion(scene, scene.question, facts()) : null));
    const quiz = once(() => (scene.quiz ?? []).map((q) => readyQuestion(scene, q, facts())));
    const takeaways = once(() => (scene.takeaways ?? []).map((t, i) => fill(scene, t, facts(), `takeaway ${i + 1}`)));
    const table = once(() => readyTable(scene, facts()));
    const notes = once(() =>
      (scene.notes ?? []).map((n) => ({
        title: fill(scene, n.title, facts(), 'notes'),
        items: n.items.map((item) => fill(scene, item, facts(), 'notes')),
      })),
    );
    return {
      id: scene.id,
      get title() {
        return title();
      },
      spec,
      access,
      get beats() {
        return beats();
      },
      asksQuestion: scene.question !== undefined,
      get question() {
        return question();
      },
      get quiz() {
        return quiz();
      },
      get takeaways() {
        return takeaways();
      },
      panels: getScenePanels(scene),
      get table() {
        return table();
      },
      code: scene.code ?? null,
      references: scene.references ?? [],
      get notes() {
        return notes();
      },
      get facts() {
        return facts();
      },
    };
  });
}
