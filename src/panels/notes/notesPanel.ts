import type { Notes } from '../../../scenes';
import type { PanelKindDefinition } from '../panelKindDefinition';

/** Short lists under headings: what the lesson assumes, and where it leads. */
export const notesPanel: PanelKindDefinition<readonly Notes[], readonly Notes[]> = {
  content: ({ notes }) => notes,
  record: (notes) => notes,
  contentKey: 'notes',
  // A scene's notes are what it concludes (its takeaways): they wait for the answer to its question.
  concludes: true,
  lacks: (scene) => (scene.notes?.length ? null : "the notes panel needs the scene's notes"),
};
