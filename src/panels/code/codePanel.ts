import { getCodeLines } from '../../program/getCodeLines';
import type { PanelKindDefinition } from '../panelKindDefinition';

/** The code listing at a moment: its lines, and which of them the narration points at. */
export interface CodeRecord {
  readonly title: string;
  /** What a screen reader calls the listing. */
  readonly label: string;
  /** The source, line by line (a last empty line left out). */
  readonly lines: readonly string[];
  /** The lines (from 1) any beat points at, so a frame can show the stretch they fall in. */
  readonly pointed: readonly number[];
  /** The lines (from 1) the caption on screen points at. */
  readonly lit: readonly number[];
}

/** A code listing whose lines light up as the narration points at them. */
export const codePanel: PanelKindDefinition<
  Omit<CodeRecord, 'lit'> & { readonly text: string; readonly always: readonly number[] },
  CodeRecord
> = {
  content: ({ scene, beats }) => {
    const code = scene?.code;
    return code
      ? {
          title: code.title,
          label: `The program ${code.title}`,
          text: code.text,
          lines: code.text.replace(/\n$/, '').split('\n'),
          always: code.lit ?? [],
          pointed: [
            ...new Set([
              ...(code.lit ?? []),
              ...getCodeLines(
                code.text,
                beats.flatMap((b) => b.highlight?.code ?? []),
              ),
            ]),
          ].sort((a, b) => a - b),
        }
      : null;
  },
  // A listing's own lit lines (a kernel scene's line) stay lit at every beat, beside those its caption names.
  record: ({ text, always, ...code }, { frame }) => ({
    ...code,
    lit: [...new Set([...always, ...getCodeLines(text, frame.beat?.highlight?.code ?? [])])].sort((a, b) => a - b),
  }),
  contentKey: 'code',
  lacks: (scene) => (scene.code ? null : "the code panel needs the scene's code"),
};
