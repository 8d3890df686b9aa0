import type { Notes } from '../../../scenes';
import type { PanelKindDefinition } from '../panelKindDefinition';

/** Short lists under headings: what the lesson assumes, and where it leads. */
export const notesPanel: PanelKindDefinition<readonly Notes[], readonly Notes[]> = {
  content: ({ notes }) => notes,
  record: (notes) => notes,
  contentKey: 'notes',
  lacks: (scene) => (scene.notes?.length ? null : "the notes panel needs the scene's notes"),
};
