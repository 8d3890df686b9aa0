import { syntaxTree } from '@codemirror/language';
import { setDiagnostics } from '@codemirror/lint';
import type { EditorView, ViewUpdate } from '@codemirror/view';
import { loadPageKernels } from '../../lesson/loadPageKernels';
import { readLesson, type LessonReading } from '../../lesson/readLesson';
import type { LessonKernels } from '../../lesson/resolveKernelScene';
import type { PlayerSession } from '../../session/PlayerSession';
import { createElement } from '../createElement';
import { createYamlEditor } from './createYamlEditor';
import { getPathAt } from './findYamlContext';
import { getDraftSource, type DraftSources } from './getDraftSource';
import { getDraftTitle, getTitleFileName } from './getDraftTitle';
import { BUILT_IN_SOURCE, LessonDraftStore } from './LessonDraftStore';
import { getLessonPlace, playLessonAt, type LessonPlace } from './playLessonAt';
import { getDiagnostics, ProblemListView } from './ProblemListView';
import { saveLessonFile } from './saveLessonFile';
import { mountEditorSwitch } from './mountEditorSwitch';
import './lessonEditor.css';

/** How long typing rests before the text is checked, kept and played, and the cursor followed. */
const REST_MS = 300;

/**
 * The lesson editor: a lesson's YAML beside the stage, which plays the scene and beat under the
 * cursor; the lesson checks' problems underlined and listed as the author types; the draft kept
 * in this browser as typed; "Save as…" and "Discard draft".
 *
 * @remarks
 * The stage only ever gets a text that read with no error: while one stands it keeps the last
 * that had none. A draft is kept per lesson it began as (the built-in lesson, a file, an address),
 * and only once it differs from it.
 */
export class LessonEditorView {
  private editor: EditorView | null = null;
  /** The C++ parser and presets a kernel scene is read with, once a text has one. */
  private kernels: LessonKernels | undefined;
  private kernelsLoading: Promise<void> | null = null;
  private opening: Promise<void> | null = null;
  /** The lesson the draft began as (see {@link LessonDraftStore}). */
  private source = BUILT_IN_SOURCE;
  private sourceText = '';
  private name = 'lesson.yaml';
  /** The last text that read with no error, and the one whose lesson the stage has. */
  private good = '';
  private loaded = '';
  private kept = false;
  private place: LessonPlace | null = null;
  private restTimer: ReturnType<typeof setTimeout> | null = null;
  private followTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly code: HTMLElement;
  private readonly status: HTMLElement;
  private readonly message: HTMLElement;
  private readonly problems: ProblemListView;
  private readonly discardDialog: HTMLDialogElement;

  constructor(
    private readonly host: HTMLElement,
    private readonly root: HTMLElement,
    private readonly session: PlayerSession,
    private readonly sources: DraftSources,
  ) {
    const button = (label: string, testid: string, run: () => void) => {
      const b = createElement('button', { type: 'button', class: 'text-button', 'data-testid': testid }, label);
      b.addEventListener('click', run);
      return b;
    };
    // Every key typed in the text is the editor's, Esc and PageDown included (see bindKeyboard).
    this.code = createElement('div', { class: 'lesson-editor-code', 'data-keeps-page-keys': '' });
    this.status = createElement('p', { class: 'lesson-editor-status', 'data-testid': 'draft-status' });
    this.message = createElement('p', {
      class: 'lesson-editor-message',
      role: 'status',
      'data-testid': 'editor-message',
    });
    this.problems = new ProblemListView((line, column) => this.goTo(line, column));
    this.discardDialog = this.createDiscardDialog();
    host.replaceChildren(
      createElement(
        'div',
        { class: 'lesson-editor-bar' },
        createElement('h2', { class: 'lesson-editor-title' }, 'Lesson editor'),
        button('Save as…', 'save-lesson', () => void this.save()),
        button('Discard draft…', 'discard-draft', () => this.discardDialog.showModal()),
        button('Close', 'close-editor', () => session.send({ type: 'editor.set', editing: false })),
      ),
      this.status,
      this.message,
      this.code,
      this.problems.element,
    );
    // What CodeMirror did with a key (a page down, a completion closed) is not the player's too.
    mountEditorSwitch(host, root);
    session.select(
      ({ context }) => context.view.editing,
      (editing) => this.setOpen(editing),
    );
    // Another lesson opened meanwhile ("Open lesson…", a drop): the editor turns to it.
    session.on('program', () => {
      if (this.editor && this.isOpen && this.sourceOfStage() !== this.source) void this.open();
    });
    addEventListener('pagehide', () => void this.keep());
  }

  private get isOpen(): boolean {
    return !this.host.hidden;
  }

  private sourceOfStage(): string {
    return this.session.lessonUrl ?? BUILT_IN_SOURCE;
  }

  private setOpen(open: boolean): void {
    this.host.hidden = !open;
    this.root.classList.toggle('is-editing', open);
    if (!open) {
      this.root.classList.remove('shows-stage');
      void this.keep();
      return;
    }
    this.opening ??= this.open().finally(() => (this.opening = null));
  }

  /** Opens the draft of the lesson on stage, or, where this browser keeps none, the lesson itself. */
  private async open(): Promise<void> {
    const source = this.sourceOfStage();
    const [draft, begun] = await Promise.all([LessonDraftStore.find(source), getDraftSource(source, this.sources)]);
    this.source = source;
    this.sourceText = begun.ok ? begun.text : '';
    this.name = draft?.name ?? (begun.ok ? begun.name : 'lesson.yaml');
    this.kept = draft !== null;
    this.good = draft?.good ?? this.sourceText;
    this.loaded = this.sourceText;
    this.place = null;
    const text = draft?.text ?? this.sourceText;
    this.message.textContent = begun.ok ? '' : `The lesson could not be read as it began: ${begun.problem}`;
    if (this.editor) this.editor.dispatch({ changes: { from: 0, to: this.editor.state.doc.length, insert: text } });
    else
      this.editor = createYamlEditor({
        parent: this.code,
        text,
        label: 'Lesson file (YAML)',
        onUpdate: (update) => this.onUpdate(update),
      });
    // The draft's last good text goes on stage, at the scene and beat the link or the stage had.
    if (draft && draft.good !== this.sourceText) {
      const read = this.read(draft.good);
      if (read.ok) {
        this.loaded = draft.good;
        this.session.loadLesson(read.lesson, { keepPlace: true, url: this.session.lessonUrl });
      }
    }
    this.check();
    this.showStatus();
    if (document.activeElement?.matches('[data-control="edit-lesson"]')) this.editor.focus();
  }

  private onUpdate(update: ViewUpdate): void {
    if (update.docChanged) {
      this.status.textContent = 'Keeping the draft…';
      if (this.restTimer !== null) clearTimeout(this.restTimer);
      this.restTimer = setTimeout(() => {
        this.restTimer = null;
        this.check();
        void this.keep();
      }, REST_MS);
    } else {
      if (this.followTimer !== null) clearTimeout(this.followTimer);
      this.followTimer = setTimeout(() => this.follow(false), REST_MS);
    }
  }

  /**
   * Reads a text as the player would; a lesson with a kernel scene first loads the C++ parser and
   * the presets (once, on the first such text), and is checked again when they arrive.
   */
  private read(text: string): LessonReading {
    if (!this.kernels && /^\s*kernel\s*:/m.test(text))
      this.kernelsLoading ??= loadPageKernels().then(
        (kernels) => {
          this.kernels = kernels;
          this.check();
        },
        () => undefined,
      );
    return readLesson(text, this.kernels);
  }

  /** Checks the text as the player would read it; one with no error goes on stage. */
  private check(): void {
    const editor = this.editor;
    if (!editor) return;
    const text = editor.state.doc.toString();
    const read = this.read(text);
    const issues = read.ok ? read.warnings : read.issues;
    editor.dispatch(setDiagnostics(editor.state, getDiagnostics(issues, editor.state.doc)));
    this.problems.show(issues);
    if (!read.ok) return;
    this.good = text;
    if (text === this.loaded) return;
    this.loaded = text;
    this.session.loadLesson(read.lesson, { keepPlace: true, url: this.session.lessonUrl });
    this.follow(true);
  }

  /** Plays the scene and beat under the cursor, when they changed (or the lesson did: `again`). */
  private follow(again: boolean): void {
    const editor = this.editor;
    if (!editor || this.restTimer !== null) return;
    const { state } = editor;
    const place = getLessonPlace(getPathAt(syntaxTree(state), state.doc.toString(), state.selection.main.head));
    if (!place) return;
    if (!again && this.place?.scene === place.scene && this.place.beat === place.beat) return;
    this.place = place;
    playLessonAt(this.session, place);
  }

  /** Keeps the draft as typed, once it differs from the lesson it began as. */
  private async keep(): Promise<void> {
    const editor = this.editor;
    if (!editor) return;
    const text = editor.state.doc.toString();
    if (!this.kept && text === this.sourceText) return this.showStatus();
    try {
      await LessonDraftStore.keep({ source: this.source, text, good: this.good, name: this.name });
      this.kept = true;
      if (this.restTimer === null) this.showStatus();
    } catch (error) {
      this.status.textContent = `This browser would not keep the draft (${error instanceof Error ? error.message : String(error)}): save it with “Save as…”`;
    }
  }

  /**
   * The lesson being written, once its title is its own (the whole text replaced, or the title
   * retyped): what the status names and "Save as…" calls the file; `null`: still the one it began as.
   */
  private get written(): { title: string; file: string } | null {
    const title = this.editor ? getDraftTitle(this.editor.state.doc.toString()) : null;
    if (title === null || title === getDraftTitle(this.sourceText)) return null;
    return { title, file: getTitleFileName(title) };
  }

  private showStatus(): void {
    const builtIn = this.source === BUILT_IN_SOURCE;
    const begun = builtIn ? 'the built-in lesson' : this.name;
    const written = this.written;
    this.status.textContent = written
      ? `Draft of “${written.title}” (begun from ${begun}), kept in this browser: a reload reopens it.`
      : this.kept
        ? `Draft of ${builtIn ? 'the built-in lesson (a copy)' : this.name}, kept in this browser: a reload reopens it.`
        : `Editing ${builtIn ? 'a copy of the built-in lesson' : this.name}: what you type is kept in this browser.`;
  }

  private async save(): Promise<void> {
    const editor = this.editor;
    if (!editor) return;
    try {
      const saved = await saveLessonFile(editor.state.doc.toString(), this.written?.file ?? this.name);
      if (saved.kind === 'cancelled') return;
      this.message.textContent =
        saved.kind === 'written' ? `Saved as ${saved.name}.` : `Saved as ${saved.name}, in your downloads.`;
    } catch (error) {
      this.message.textContent = `Could not save: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  private createDiscardDialog(): HTMLDialogElement {
    const keep = createElement('button', { type: 'submit', value: 'keep', autofocus: '' }, 'Keep editing');
    const dialog = createElement(
      'dialog',
      { class: 'lesson-discard', 'aria-labelledby': 'lesson-discard-title', 'data-testid': 'discard-dialog' },
      createElement('h2', { id: 'lesson-discard-title' }, 'Discard the draft?'),
      createElement(
        'p',
        {},
        'Everything typed since the lesson was opened in the editor is lost, and the editor starts again from the lesson as it began.',
      ),
      createElement(
        'form',
        { method: 'dialog', class: 'lesson-discard-buttons' },
        createElement('button', { type: 'submit', value: 'discard', class: 'is-danger' }, 'Discard draft'),
        keep,
      ),
    );
    dialog.addEventListener('close', () => {
      if (dialog.returnValue === 'discard') void this.discard();
      dialog.returnValue = '';
    });
    document.body.append(dialog);
    return dialog;
  }

  private async discard(): Promise<void> {
    await LessonDraftStore.discard(this.source).catch(() => undefined);
    this.kept = false;
    const editor = this.editor;
    if (editor) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: this.sourceText } });
    this.message.textContent = 'Draft discarded: the editor shows the lesson as it began.';
  }

  private goTo(line: number, column: number): void {
    const editor = this.editor;
    if (!editor) return;
    const at = editor.state.doc.line(Math.min(line, editor.state.doc.lines));
    editor.dispatch({ selection: { anchor: Math.min(at.from + column - 1, at.to) }, scrollIntoView: true });
    editor.focus();
  }
}
