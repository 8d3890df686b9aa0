/**
 * The code of the parts of the page made on first use (see `loadOnFirstUse`), each named once: the
 * code that makes a part and the idle prefetch load it from here, so they cannot drift. The voice
 * track loads before the first frame only for a lesson with takes (see `openVoiceTrack`). A mode's
 * panel is its own folder's (see `modeParts.ts`), and the mode table says whether it is prefetched.
 */
export const lazyParts = {
  exportDialog: () => import('./ExportDialogView'),
  voiceOver: () => import('./voice/VoiceOverView'),
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
