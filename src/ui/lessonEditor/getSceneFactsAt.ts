import { parse } from 'yaml';
import { getSceneFacts, type Facts } from '../../../scenes/getSceneFacts';
import type { Scene } from '../../../scenes/lessonSchema';
import { findSceneNode, type YamlTree } from './findYamlContext';

/** The last scene whose facts were made, by its text as JSON: typing in a caption changes none. */
let cached: { key: string; facts: Facts | null } | null = null;

/** The text of scene `index` of a lesson, or `null` where the lesson has no such scene yet. */
function findSceneText(tree: YamlTree, text: string, index: number): string | null {
  const item = findSceneNode(tree, text, index);
  if (!item) return null;
  // A block item is read with its dash, from the start of its line, as a list of one scene.
  if (item.parent?.name === 'FlowSequence') return text.slice(item.from, item.to);
  return text.slice(text.lastIndexOf('\n', item.from - 1) + 1, item.to);
}

/**
 * The facts of scene `index` of a lesson's text, as the player fills its templates with them
 * (the same `getSceneFacts` the checks use), or `null` where its accesses cannot be made yet.
 *
 * @remarks
 * Only that scene's text is read, not the file (a keystroke in a caption of the built-in lesson's
 * copy would otherwise read all 50 KB of it), and errors elsewhere in the file do not hide its
 * facts.
 */
export function getSceneFactsAt(tree: YamlTree, text: string, index: number): Facts | null {
  const sceneText = findSceneText(tree, text, index);
  if (sceneText === null) return null;
  const read = parseScene(sceneText) ?? parseScene(dropUnclosedLines(sceneText));
  if (read === null) return null;
  const scene: unknown = Array.isArray(read) ? read[0] : read;
  if (typeof scene !== 'object' || scene === null) return null;
  const { access, compare, question, quiz } = scene as Partial<Scene>;
  if (typeof access !== 'object' || access === null) return null;
  // Only what the facts are made of: a caption typed does not make them again.
  const key = JSON.stringify([access, compare, question, quiz]);
  if (cached?.key !== key) cached = { key, facts: makeFacts({ compare, quiz, question, access } as Scene) };
  return cached.facts;
}

/** A scene's text as data, or `null` where it does not parse. */
function parseScene(sceneText: string): unknown {
  try {
    return parse(sceneText, { uniqueKeys: false });
  } catch {
    return null;
  }
}

/**
 * The scene's text without the lines that open a bracket or quote they do not close: a beat being
 * typed left to right (`- { cue: round-1, text: 'Bank {`) leaves the rest of the scene, and its
 * facts, readable.
 */
const dropUnclosedLines = (sceneText: string) =>
  sceneText
    .split('\n')
    .filter((line) => {
      const count = (c: string) => line.split(c).length - 1;
      return count('{') === count('}') && count('[') === count(']') && count("'") % 2 === 0 && count('"') % 2 === 0;
    })
    .join('\n');

/**
 * A scene's facts, or `null` for an access that cannot be made. A question or a comparison being
 * typed (an answer naming no fact yet, a question with no id) leaves the access's own facts, so a
 * hover says what is wrong with the fact rather than that the access cannot be made.
 */
function makeFacts(scene: Scene): Facts | null {
  const attempt = (parts: Scene) => {
    try {
      const made = getSceneFacts(parts);
      return made.ok ? made.value : null;
    } catch {
      return null;
    }
  };
  return attempt(scene) ?? attempt({ access: scene.access } as Scene);
}
