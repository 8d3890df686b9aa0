import { autocompletion, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { yaml } from '@codemirror/lang-yaml';
import { HighlightStyle, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, lintKeymap } from '@codemirror/lint';
import { EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  type ViewUpdate,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { CODE_EDITOR_THEME } from '../codeEditorTheme';
import { factHover } from './factHover';
import { completeLesson } from './lessonCompletion';

/**
 * The player's colours for YAML, each at least 4.5:1 on the editor's ground (#0d1117): keys,
 * strings, plain values, comments and punctuation told apart without relying on hue alone (keys
 * are bold).
 */
const LESSON_HIGHLIGHT = HighlightStyle.define([
  { tag: tags.definition(tags.propertyName), color: '#79c0ff', fontWeight: '600' },
  { tag: tags.string, color: '#a5d6a7' },
  { tag: tags.content, color: '#e6edf3' },
  { tag: tags.lineComment, color: '#9da7b3', fontStyle: 'italic' },
  { tag: [tags.separator, tags.brace, tags.squareBracket, tags.punctuation], color: '#c9d1d9' },
  { tag: [tags.labelName, tags.typeName, tags.keyword], color: '#f0a3ff' },
]);

/** The lesson editor fills its pane. */
const LESSON_HEIGHT = EditorView.theme({ '&': { height: '100%' } });

export interface YamlEditorOptions {
  readonly parent: HTMLElement;
  readonly text: string;
  /** Called after every change of the text or the cursor (the caller debounces). */
  readonly onUpdate: (update: ViewUpdate) => void;
  /** The accessible name of the text box. */
  readonly label: string;
}

/**
 * The lesson editor's text box: CodeMirror 6 with YAML, completion from the lesson schema, facts'
 * values on hover, and the lesson checks' problems underlined (set by the caller).
 *
 * @remarks
 * Tab is left to the page (it moves focus out, as everywhere else in the player): an editor that
 * keeps Tab traps keyboard users. Indentation is typed with spaces, as YAML requires anyway.
 */
export function createYamlEditor({ parent, text, onUpdate, label }: YamlEditorOptions): EditorView {
  const extensions: Extension[] = [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightActiveLine(),
    drawSelection(),
    history(),
    indentUnit.of('  '),
    EditorState.tabSize.of(2),
    yaml(),
    syntaxHighlighting(LESSON_HIGHLIGHT),
    autocompletion({ override: [completeLesson], icons: false }),
    factHover,
    lintGutter(),
    keymap.of([...completionKeymap, ...defaultKeymap, ...historyKeymap, ...lintKeymap]),
    EditorView.lineWrapping,
    // Focusable as it is (an editable box), said outright so that checkers of scrolling regions see it.
    EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
    CODE_EDITOR_THEME,
    LESSON_HEIGHT,
    EditorView.updateListener.of((update) => {
      if (update.docChanged || update.selectionSet) onUpdate(update);
    }),
  ];
  return new EditorView({ state: EditorState.create({ doc: text, extensions }), parent });
}
