import type { SourceEdit } from './findArrayUses';

/** One edit as SARIF's `replacement` writes it: the region deleted (1-based lines and columns) and the text put there. */
export interface FixReplacement {
  readonly deletedRegion: {
    readonly startLine: number;
    readonly startColumn: number;
    readonly endLine: number;
    readonly endColumn: number;
  };
  readonly insertedContent: { readonly text: string };
}

/** Where an offset of the source is, as a 1-based line and column (UTF-16 units, as SARIF's default). */
function getPosition(source: string, offset: number) {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

/**
 * A fix's edits as SARIF's `artifactChanges[].replacements`, in source order: a CI report can carry
 * the fix beside the line it fixes (an insertion is a region that starts where it ends).
 */
export function getFixReplacements(source: string, edits: readonly SourceEdit[]): FixReplacement[] {
  return [...edits]
    .sort((a, b) => a.start - b.start)
    .map((edit) => {
      const start = getPosition(source, edit.start);
      const end = getPosition(source, edit.end);
      return {
        deletedRegion: { startLine: start.line, startColumn: start.column, endLine: end.line, endColumn: end.column },
        insertedContent: { text: edit.text },
      };
    });
}
