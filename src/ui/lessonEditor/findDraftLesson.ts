import type { Lesson } from '../../../scenes/lessonSchema';
import { BUILT_IN_SOURCE, LessonDraftStore } from './LessonDraftStore';

/**
 * The lesson this browser's draft of a link's `lesson=` (`null`: the built-in lesson) last read as
 * with no error, or `null` when it keeps none: what a link with `edit` plays.
 */
export async function findDraftLesson(lessonUrl: string | null): Promise<Lesson | null> {
  const draft = await LessonDraftStore.find(lessonUrl ?? BUILT_IN_SOURCE);
  if (!draft) return null;
  const { readLessonText } = await import('../../lesson/readLessonText');
  const read = await readLessonText(draft.good);
  return read.ok ? read.lesson : null;
}
