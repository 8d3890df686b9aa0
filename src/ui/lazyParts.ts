/**
 * The code of the parts of the page made on first use (see `loadOnFirstUse`), each named once: the
 * code that makes a part and the idle prefetch of them all load it from here, so they cannot drift.
 */
export const lazyParts = {
  exportDialog: () => import('./ExportDialogView'),
  voiceOver: () => import('./voice/VoiceOverView'),
  explorePanel: () => import('./explore/ExplorePanelView'),
} as const;
