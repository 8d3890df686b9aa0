import type { ModePanelContext } from '../modeParts';
import { PuzzlesPanelView } from './PuzzlesPanelView';

/** Puzzles mode's panel: the list of puzzles, and the one open. */
export function mountMode({ root, session, showAlerts, lesson, lessonUrl, embed, writeSearch }: ModePanelContext) {
  // Embedded, the puzzle stands above the stage (the details panel there is for screen readers).
  if (embed) root.ownerDocument.querySelector('.layout')?.prepend(root);
  return new PuzzlesPanelView(root, session, {
    puzzles: lesson?.puzzles,
    set: lesson && lessonUrl ? `lesson:${lessonUrl}` : 'built-in',
    showAlerts,
    writeSearch,
  });
}
