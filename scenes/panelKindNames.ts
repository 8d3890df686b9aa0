/**
 * The panel kinds' names, as a lesson file writes them (in the order a scene brings in those it
 * does not list).
 *
 * @remarks
 * The lesson format sits below the panels, so the names are written here, and `PANEL_KINDS`
 * (src/panels/panelKinds.ts) must hold exactly these: the type-check says which is missing. A file
 * of their own, not the lesson schema's: the panels are in every first load, the schema (TypeBox)
 * only where a lesson file is read.
 */
export const PANEL_KIND_NAMES = ['question', 'table', 'tile', 'code', 'quiz', 'references', 'notes'] as const;

/** A panel's kind, as a lesson file names it. */
export type PanelKind = (typeof PANEL_KIND_NAMES)[number];
