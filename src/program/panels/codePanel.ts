import type { CodeListing } from '../../../scenes';
import { getCodeLines } from '../getCodeLines';
import { definePanelKind } from './definePanelKind';

export interface CodeRecord {
  readonly listing: CodeListing;
  /** Every piece of code any beat points at, so a frame can show the stretch they fall in. */
  readonly pointed: readonly string[];
  /** The lines (from 1) the caption on screen points at. */
  readonly lit: readonly number[];
}

/** A code listing whose lines light up as the narration points at them. */
export const codePanel = definePanelKind<{ listing: CodeListing; pointed: readonly string[] }, CodeRecord>({
  kind: 'code',
  content: (entry) =>
    entry.code ? { listing: entry.code, pointed: entry.beats.flatMap((b) => b.highlight?.code ?? []) } : null,
  record: (code, { frame }) => ({ ...code, lit: getCodeLines(code.listing.text, frame.beat?.highlight?.code ?? []) }),
});
