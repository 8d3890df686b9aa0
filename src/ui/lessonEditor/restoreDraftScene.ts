import { loadPageKernels } from '../../lesson/loadPageKernels';
import { readLesson } from '../../lesson/readLesson';
import type { PlayerSession } from '../../session/PlayerSession';
import { BUILT_IN_SOURCE, LessonDraftStore } from './LessonDraftStore';

/**
 * A link to a scene the lesson on stage lacks, where this browser keeps a draft of that lesson with
 * such a scene (a reload after the editor was closed on the lesson being written): the draft's last
 * text without errors goes on stage at that scene. True when it did.
 */
export async function restoreDraftScene(session: PlayerSession, sceneId: string): Promise<boolean> {
  const draft = await LessonDraftStore.find(session.lessonUrl ?? BUILT_IN_SOURCE);
  if (!draft) return false;
  const kernels = /^\s*kernel\s*:/m.test(draft.good) ? await loadPageKernels().catch(() => undefined) : undefined;
  const read = readLesson(draft.good, kernels);
  if (!read.ok) return false;
  const index = read.lesson.scenes.findIndex((scene) => scene.id === sceneId);
  if (index < 0) return false;
  session.loadLesson(read.lesson, { url: session.lessonUrl });
  session.send({ type: 'scene.goto', index });
  return true;
}
