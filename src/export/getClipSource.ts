import { DEFAULT_LESSON_TITLE, type PlayerSession } from '../session/PlayerSession';
import type { ClipSource } from './planClip';

/**
 * The session as a clip sees it: its lesson, its chapters and what is on stage now.
 *
 * @remarks
 * The lesson is the built-in one when the session's title is the built-in lesson's: its files are
 * then called `bank-conflicts-…` and the whole of it `bank-conflicts-walkthrough-…`, as the voice
 * track keys its takes. The export dialog and the render page both read the session here, so their
 * clips are named alike.
 */
export function getClipSource(session: PlayerSession): ClipSource {
  const { entry, index, stage } = session.getSnapshot();
  const title = session.lessonTitle;
  return {
    program: session.program,
    chapters: session.chapters,
    entry,
    index,
    stage,
    lessonTitle: title === DEFAULT_LESSON_TITLE ? null : title,
    getPlan: (i) => session.getPlan(i),
  };
}
