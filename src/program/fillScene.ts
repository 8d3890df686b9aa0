import type { Scene, SceneAccess } from '../../scenes';
import { createSceneAccess, fillTemplate, type Facts } from '../../scenes/getSceneFacts';

/** A scene's mistake, named by where it is: a scene file is code, so this is a bug to fix there. */
export function sceneError(scene: Pick<Scene, 'id'>, where: string, reason: string): Error {
  return new Error(`scene ${scene.id}, ${where}: ${reason}`);
}

/** An access the scene writes, made by the engine; a bad one throws, naming the scene and `where`. */
export function makeSceneAccess(scene: Pick<Scene, 'id'>, written: SceneAccess, where: string) {
  const made = createSceneAccess(written);
  if (!made.ok) throw sceneError(scene, `${where}.${made.error.field}`, made.error.reason);
  return made.value;
}

/** A text of the scene with its `{fact}`s filled; an unknown fact throws, naming the scene and `where`. */
export function fillSceneText(scene: Pick<Scene, 'id'>, text: string, facts: Facts, where: string): string {
  const filled = fillTemplate(text, facts);
  if (!filled.ok) throw sceneError(scene, where, filled.error.reason);
  return filled.value;
}
