import type { PanelKind, Scene } from './lessonSchema';

/** The panel kinds a scene's own content fills, each named as the scene's key that holds it. */
const CONTENT_PANELS = ['table', 'code', 'quiz', 'references', 'notes'] as const satisfies readonly PanelKind[];

/**
 * The panels a scene shows: those it lists, then any whose content it gives without listing it, so a
 * lesson's quiz (or table, or code) is never silently left out for want of `panels: [quiz]`.
 */
export function getScenePanels(scene: Pick<Scene, 'panels' | (typeof CONTENT_PANELS)[number]>): readonly PanelKind[] {
  const listed = scene.panels ?? [];
  const brought = CONTENT_PANELS.filter((kind) => scene[kind] !== undefined && !listed.includes(kind));
  return brought.length === 0 ? listed : [...listed, ...brought];
}
