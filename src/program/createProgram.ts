import type { PanelKind, Scene } from '../../scenes';
import { getSceneFacts, type Facts } from '../../scenes/getSceneFacts';
import type { AccessSpec, WarpRequest } from '../engine';
import { getScenePanels } from '../panels/panelKinds';
import type { BeatInput } from '../timeline/planTimeline';
import { fillSceneText as fill, makeSceneAccess as makeAccess, sceneError } from './fillScene';
import { readyQuestion, type ReadyQuestion } from './readyQuestion';

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
  /** The panels it shows beside the stage (and in a composed frame), in order. */
  readonly panels: readonly PanelKind[];
  /**
   * The scene as written, from which each panel kind prepares its content in its own folder (the
   * table, the quiz, the notes …); `null` for Explore's access, which has no scene.
   */
  readonly scene: Scene | null;
  readonly facts: Facts;
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
      panels: getScenePanels(scene),
      scene,
      get facts() {
        return facts();
      },
    };
  });
}
