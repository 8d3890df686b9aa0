/**
 * The code of the parts of the page made on first use (see `loadOnFirstUse`), each named once: the
 * code that makes a part and the idle prefetch of them all load it from here, so they cannot drift.
 */
export const lazyParts = {
  exportDialog: () => import('./ExportDialogView'),
  voiceOver: () => import('./voice/VoiceOverView'),
  explorePanel: () => import('./explore/ExplorePanelView'),
} as const;

/**
 * Parts loaded only when opened, never fetched ahead: the lesson editor (CodeMirror and its YAML
 * language) is the largest part of the page, and few visits write a lesson.
 */
export const onDemandParts = {
  lessonEditor: () => import('./lessonEditor/LessonEditorView'),
} as const;
