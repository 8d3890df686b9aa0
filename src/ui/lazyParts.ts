/**
 * The code of the parts of the page made on first use (see `loadOnFirstUse`), each named once: the
 * code that makes a part and the idle prefetch load it from here, so they cannot drift. The prefetch
 * leaves Kernel mode out: its editor and parser are large, and few visits open it. The voice track
 * loads before the first frame only for a lesson with takes (see `openVoiceTrack`).
 */
export const lazyParts = {
  exportDialog: () => import('./ExportDialogView'),
  voiceOver: () => import('./voice/VoiceOverView'),
  explorePanel: () => import('./explore/ExplorePanelView'),
  kernelPanel: () => import('./kernel/KernelPanelView'),
  puzzlesPanel: () => import('./puzzles/PuzzlesPanelView'),
  voiceTrack: () => import('../voice/VoiceTrack'),
} as const;

/**
 * Parts loaded only when opened, never fetched ahead: the lesson editor (CodeMirror and its YAML
 * language) is the largest part of the page, and few visits write a lesson.
 */
export const onDemandParts = {
  lessonEditor: () => import('./lessonEditor/LessonEditorView'),
  draftScene: () => import('./lessonEditor/restoreDraftScene'),
} as const;
