import { parseDocument } from 'yaml';
import { getSceneFacts, type Facts } from '../../../scenes/getSceneFacts';
import type { Scene } from '../../../scenes/lessonSchema';

/** The last scene whose facts were made, by its text as JSON: typing in a caption changes none. */
let cached: { key: string; facts: Facts | null } | null = null;

/**
 * The facts of scene `index` of a lesson's text, as the player fills its templates with them (the
 * same `getSceneFacts` the checks use), or `null` where that scene's accesses cannot be made yet.
 *
 * @remarks
 * Read from the text as it stands, errors and all: a caption half typed elsewhere in the file
 * does not take the facts away from the scene being written.
 */
export function getSceneFactsAt(text: string, index: number): Facts | null {
  let scene: unknown;
  try {
    const node = parseDocument(text, { uniqueKeys: false }).getIn(['scenes', index], true) as {
      toJSON?: () => unknown;
    } | null;
    scene = node?.toJSON?.();
  } catch {
    return null;
  }
  if (typeof scene !== 'object' || scene === null) return null;
  const { access, compare, question, quiz } = scene as Partial<Scene>;
  if (typeof access !== 'object' || access === null) return null;
  // Only what the facts are made of: a caption typed does not make them again.
  const key = JSON.stringify([access, compare, question, quiz]);
  if (cached?.key === key) return cached.facts;
  const facts = makeFacts({ compare, quiz, question, access } as Scene);
  cached = { key, facts };
  return facts;
}

/** A scene's facts, or `null` for a shape the schema would refuse (a question with no id…). */
function makeFacts(scene: Scene): Facts | null {
  try {
    const made = getSceneFacts(scene);
    return made.ok ? made.value : null;
  } catch {
    return null;
  }
}
