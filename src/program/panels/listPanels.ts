import type { Notes, Reference } from '../../../scenes';
import { definePanelKind } from './definePanelKind';

/** Official references, each with why to read it. */
export const referencesPanel = definePanelKind<readonly Reference[], readonly Reference[]>({
  kind: 'references',
  content: (entry) => entry.references,
  record: (references) => references,
});

/** Short lists under headings: what the lesson assumes, and where it leads. */
export const notesPanel = definePanelKind<readonly Notes[], readonly Notes[]>({
  kind: 'notes',
  content: (entry) => entry.notes,
  record: (notes) => notes,
});
