import type { PlayerSession } from '../../session/PlayerSession';
import type { YamlPath } from './findYamlContext';

/** A place in a lesson the stage can play from: a scene, and one of its beats (`null`: its start). */
export interface LessonPlace {
  readonly scene: number;
  readonly beat: number | null;
}

/** The scene and beat a path in a lesson file is in (`scenes[2].beats[1].text`: scene 2, beat 1). */
export function getLessonPlace(path: YamlPath): LessonPlace | null {
  if (path[0] !== 'scenes' || typeof path[1] !== 'number') return null;
  return { scene: path[1], beat: path[2] === 'beats' && typeof path[3] === 'number' ? path[3] : null };
}

/**
 * Plays the lesson on stage from a place in it: its scene, from the moment its beat begins (or
 * from the scene's start), as a learner would see it. Explore, chosen meanwhile, is left alone.
 */
export function playLessonAt(session: PlayerSession, place: LessonPlace): void {
  if (session.getSnapshot().stage !== 'lesson' || place.scene >= session.program.length) return;
  if (session.getSnapshot().context.sceneIndex !== place.scene)
    session.send({ type: 'scene.goto', index: place.scene });
  const { plan } = session.getSnapshot();
  const beat = place.beat === null ? undefined : plan.beats.find((b) => b.index === place.beat);
  session.send({ type: 'playback.seek', time: beat?.start ?? 0 });
  session.send({ type: 'playback.play' });
}
