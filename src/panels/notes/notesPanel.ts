import type { Notes } from '../../../scenes';
import { fillSceneText } from '../../program/fillScene';
import type { PanelKindDefinition } from '../panelKindDefinition';

/** Short lists under headings: what the lesson assumes, and where it leads. */
export const notesPanel: PanelKindDefinition<readonly Notes[], readonly Notes[]> = {
  content: (entry) => {
    const { scene } = entry;
    const fill = (text: string) => (scene ? fillSceneText(scene, text, entry.facts, 'notes') : text);
    return (scene?.notes ?? []).map((n) => ({ title: fill(n.title), items: n.items.map(fill) }));
  },
  record: (notes) => notes,
  contentKey: 'notes',
  // A scene's notes are what it concludes (its takeaways): they wait for the answer to its question.
  concludes: true,
  lacks: (scene) => (scene.notes?.length ? null : "the notes panel needs the scene's notes"),
};
