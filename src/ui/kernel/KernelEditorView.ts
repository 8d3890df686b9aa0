import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { cpp } from '@codemirror/lang-cpp';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState, RangeSet, StateEffect, StateField, type Text } from '@codemirror/state';
import {
  Decoration,
  drawSelection,
  EditorView,
  gutter,
  GutterMarker,
  keymap,
  lineNumbers,
  type DecorationSet,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { CODE_EDITOR_THEME } from '../codeEditorTheme';

/** A line's mark in the gutter: its rounds over its ideal, and how far past the ideal it is. */
export interface LineMark {
  readonly line: number;
  readonly text: string;
  /** `none`: the ideal; `some`: up to twice it; `much`: more. */
  readonly level: 'none' | 'some' | 'much';
  readonly title: string;
}

/** A refusal to underline: 1-based line and column, as the analyzer gives them. */
export interface EditorError {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

class CostMarker extends GutterMarker {
  constructor(private readonly mark: Pick<LineMark, 'text' | 'level' | 'title'>) {
    super();
  }
  override eq(other: GutterMarker): boolean {
    return other instanceof CostMarker && other.mark.text === this.mark.text && other.mark.level === this.mark.level;
  }
  override toDOM(): Node {
    const span = document.createElement('span');
    span.className = `kernel-cost is-${this.mark.level}`;
    span.textContent = this.mark.text;
    span.title = this.mark.title;
    return span;
  }
}

const setMarks = StateEffect.define<readonly LineMark[]>();
const setChosen = StateEffect.define<number | null>();

/** The offset of a 1-based line, `null` past the document's end. */
const lineStart = (doc: Text, line: number) => (line >= 1 && line <= doc.lines ? doc.line(line).from : null);

const marksField = StateField.define<RangeSet<GutterMarker>>({
  create: () => RangeSet.empty,
  update(marks, tr) {
    let next = marks.map(tr.changes);
    for (const effect of tr.effects)
      if (effect.is(setMarks))
        next = RangeSet.of(
          effect.value.flatMap((mark) => {
            const at = lineStart(tr.state.doc, mark.line);
            return at === null ? [] : [new CostMarker(mark).range(at)];
          }),
          true,
        );
    return next;
  },
});

const chosenLine = Decoration.line({ class: 'cm-kernel-chosen' });
const chosenField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(chosen, tr) {
    let next = chosen.map(tr.changes);
    for (const effect of tr.effects)
      if (effect.is(setChosen)) {
        const at = effect.value === null ? null : lineStart(tr.state.doc, effect.value);
        next = at === null ? Decoration.none : Decoration.set([chosenLine.range(at)]);
      }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** C++'s colours on the player's dark ground, each at least 4.5:1 against it. */
const HIGHLIGHT = HighlightStyle.define([
  { tag: [tags.keyword, tags.modifier, tags.controlKeyword, tags.operatorKeyword], color: '#ff9bb0' },
  { tag: [tags.typeName, tags.standard(tags.typeName)], color: '#7ee0c3' },
  { tag: [tags.number, tags.bool], color: '#f2c97d' },
  { tag: [tags.string, tags.character], color: '#a8d98a' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: '#9da7b3', fontStyle: 'italic' },
  { tag: [tags.processingInstruction, tags.macroName], color: '#c7a5ff' },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: '#8cc8ff' },
]);

// The kernel's text a little smaller than the lesson editor's: a kernel's lines run longer.
const KERNEL_SIZE = EditorView.theme({ '&': { fontSize: '0.8125rem' } });

/**
 * The kernel's source in CodeMirror 6: C++ highlighting, line numbers, each access line's rounds
 * over its ideal in a gutter coloured by excess, the analyzer's refusals underlined with their
 * message on hover, and the line on stage lit.
 *
 * @remarks
 * Tab is left to the page (no `indentWithTab`), so a keyboard moves on past the editor as past any
 * field; long lines wrap rather than hide their ends past the editor's edge.
 */
export class KernelEditorView {
  readonly element: HTMLElement;
  private readonly view: EditorView;
  /** Whether the change being made is the page's (a preset, a file), not the person's typing. */
  private setting = false;

  /** `onEdit` hears every change of the source, and whether the person made it (typing, undo, a file). */
  constructor(source: string, onEdit: (source: string, typed: boolean) => void) {
    this.element = document.createElement('div');
    this.element.className = 'kernel-editor';
    // PageUp and PageDown page through the source here, not the lesson's beats (see bindKeyboard).
    this.element.dataset.keepsPageKeys = '';
    this.view = new EditorView({
      parent: this.element,
      state: EditorState.create({
        doc: source,
        extensions: [
          lineNumbers(),
          gutter({ class: 'cm-kernel-costs', markers: (view) => view.state.field(marksField) }),
          marksField,
          chosenField,
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          cpp(),
          syntaxHighlighting(HIGHLIGHT),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          CODE_EDITOR_THEME,
          KERNEL_SIZE,
          EditorView.lineWrapping,
          // A tab stop of its own, said so: axe counts the scroller's focusable content by it.
          EditorView.contentAttributes.of({ 'aria-label': 'Kernel source (CUDA C++)', tabindex: '0' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onEdit(update.state.doc.toString(), !this.setting);
          }),
        ],
      }),
    });
  }

  get source(): string {
    return this.view.state.doc.toString();
  }

  /**
   * Replaces the whole source (a preset, a file, the draft), as one step the editor's undo can take
   * back; `typed`: as the person's own (a file they opened).
   */
  setSource(source: string, typed = false): void {
    if (source === this.source) return;
    this.setting = !typed;
    try {
      this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: source } });
    } finally {
      this.setting = false;
    }
  }

  /** The access lines' marks, in place of those shown. */
  setMarks(marks: readonly LineMark[]): void {
    this.view.dispatch({ effects: setMarks.of(marks) });
  }

  /** Lights the line on stage (`null`: none). */
  setChosen(line: number | null): void {
    this.view.dispatch({ effects: setChosen.of(line) });
  }

  /** Underlines each error from its column to the end of the word there; none clears them. */
  setErrors(errors: readonly EditorError[]): void {
    const doc = this.view.state.doc;
    const diagnostics: Diagnostic[] = errors.map((e) => {
      const line = doc.line(Math.min(Math.max(e.line, 1), doc.lines));
      const from = Math.min(line.from + Math.max(e.column - 1, 0), line.to);
      const word = /^\w+/.exec(doc.sliceString(from, line.to))?.[0].length ?? 1;
      return { from, to: Math.min(from + word, doc.length), severity: 'error', message: e.message };
    });
    this.view.dispatch(setDiagnostics(this.view.state, diagnostics));
  }

  /** Puts the cursor at a line and column and the focus in the editor (an error chosen from the list). */
  reveal(line: number, column: number): void {
    const doc = this.view.state.doc;
    const at = doc.line(Math.min(Math.max(line, 1), doc.lines));
    const anchor = Math.min(at.from + Math.max(column - 1, 0), at.to);
    this.view.dispatch({ selection: { anchor }, scrollIntoView: true });
    this.view.focus();
  }

  /**
   * Scrolls a line to the middle of the editor's view, leaving the focus where it is, and the panel
   * and the page where they are: CodeMirror's own scrollIntoView scrolls every box around it too
   * (at 1280×720 the panel opened scrolled past its heading, and moved again at each row chosen).
   */
  showLine(line: number): void {
    const at = lineStart(this.view.state.doc, line);
    if (at === null) return;
    this.view.requestMeasure({
      read: (view) => {
        const block = view.lineBlockAt(at);
        return Math.max(0, block.top + view.documentPadding.top - (view.scrollDOM.clientHeight - block.height) / 2);
      },
      write: (top, view) => {
        view.scrollDOM.scrollTop = top;
      },
    });
  }
}
