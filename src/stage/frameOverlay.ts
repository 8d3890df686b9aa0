/** What a frame shows beyond the clock: the question's reveal and the lanes inspected, from the session. */
export interface FrameOverlay {
  readonly revealed: boolean;
  readonly answer: string | null;
  /** The lanes inspected: each is marked, with a callout of its word, bank and round. */
  readonly lanes: readonly number[];
}

/** Nothing beyond the clock: no answer yet, no lane inspected. */
export const NO_OVERLAY: FrameOverlay = Object.freeze({ revealed: false, answer: null, lanes: [] });
