import { EditorView } from '@codemirror/view';

/**
 * The look of the player's code editors (Kernel mode's kernel, the lesson editor's YAML) in the
 * player's own colours, dark like the stage beside them: one theme, so the two read alike.
 */
export const CODE_EDITOR_THEME = EditorView.theme(
  {
    '&': { color: 'var(--text)', backgroundColor: 'var(--ground)' },
    '.cm-content': { fontFamily: '"JetBrains Mono", ui-monospace, monospace', caretColor: 'var(--focus)' },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--focus)', borderLeftWidth: '2px' },
    '.cm-gutters': {
      backgroundColor: 'var(--panel)',
      color: 'var(--text-muted)',
      borderRight: '1px solid var(--rule)',
    },
    '&.cm-focused': { outline: '3px solid var(--focus)', outlineOffset: '2px' },
    '.cm-activeLine': { backgroundColor: '#1f263080' },
    '.cm-activeLineGutter': { backgroundColor: 'var(--panel-raised)', color: 'var(--text)' },
    '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: '#264f78' },
    '.cm-tooltip': { backgroundColor: 'var(--panel-raised)', color: 'var(--text)', border: '1px solid var(--rule)' },
    '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: '#264f78', color: '#ffffff' },
    '.cm-completionDetail': { color: '#c9d1d9' },
    '.cm-completionInfo': { maxWidth: '22rem' },
  },
  { dark: true },
);
