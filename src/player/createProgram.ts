import type { Panel, Question, Scene } from '../../scenes';
import { fillTemplate, getSceneFacts, type Facts } from '../../scenes/getSceneFacts';
import type { Access, EngineError } from '../engine';
import type { BeatInput } from '../timeline/planTimeline';

/** A question with its templates filled and its answer read off the engine. */
export interface ReadyQuestion {
  readonly id: string;
  readonly prompt: string;
  readonly kind: Question['kind'];
  readonly choices: readonly string[];
  readonly answer: string;
  readonly explanation: string;
  /** Explore's URL query for the question's access, so the learner can inspect it. */
  readonly exploreQuery: string | null;
}

/** One entry of what the player plays: a scene with every template filled from the engine. */
export interface ProgramEntry {
  readonly id: string;
  readonly title: string;
  readonly access: Access;
  readonly beats: readonly BeatInput[];
  readonly question: ReadyQuestion | null;
  readonly quiz: readonly ReadyQuestion[];
  readonly panel: Panel;
  /** The tile the scene reads, when it reads one. */
  readonly tile: Scene['tile'] | null;
  readonly facts: Facts;
}

function fill(text: string, facts: Facts, where: string): string {
  const filled = fillTemplate(text, facts);
  if (!filled.ok) throw new Error(`${where}: ${filled.error.reason}`);
  return filled.value;
}

/** Writes an access as Explore's `words=` list, the one form every access has. */
export function getWordsQuery(access: Access): string {
  const words = access.map((w) => (w === null ? '-' : String(w)));
  while (words.at(-1) === '-') words.pop();
  return `mode=explore&words=${words.join(',')}`;
}

function readyQuestion(question: Question, facts: Facts, sceneId: string): ReadyQuestion {
  const where = `${sceneId}.${question.id}`;
  const access = question.access?.();
  return {
    id: question.id,
    prompt: fill(question.prompt, facts, where),
    kind: question.kind,
    choices: question.choices ?? [],
    answer: fill(`{${question.answer}}`, facts, where),
    explanation: fill(question.explanation, facts, where),
    exploreQuery: access?.ok ? getWordsQuery(access.value) : null,
  };
}

/**
 * Turns scenes into playable entries, filling every template from the engine.
 *
 * @remarks
 * A scene whose access is invalid or whose template names an unknown fact is a bug in the scene
 * file, so it throws with the scene and the fact named; tests build every scene this way.
 */
export function createProgram(scenes: readonly Scene[]): ProgramEntry[] {
  return scenes.map((scene) => {
    const access = scene.access();
    if (!access.ok) throw new Error(`scene ${scene.id}: ${access.error.field} ${access.error.reason}`);
    const facts = getSceneFacts(scene);
    if (!facts.ok) throw new Error(`scene ${scene.id}: ${(facts.error as EngineError).field} ${facts.error.reason}`);
    return {
      id: scene.id,
      title: scene.title,
      access: access.value,
      beats: scene.beats.map((beat, i) => ({ ...beat, text: fill(beat.text, facts.value, `${scene.id} beat ${i}`) })),
      question: scene.question ? readyQuestion(scene.question, facts.value, scene.id) : null,
      quiz: (scene.quiz ?? []).map((q) => readyQuestion(q, facts.value, scene.id)),
      panel: scene.panel ?? 'none',
      tile: scene.tile ?? null,
      facts: facts.value,
    };
  });
}
