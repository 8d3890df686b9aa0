import type { Lesson } from '../../scenes/lessonSchema';
import { formatIssue, MAX_LESSON_BYTES, type LessonIssue } from '../lesson/lessonIssue';
import type { PlayerSession } from '../session/PlayerSession';
import type { AlertView } from './AlertView';
import { plural } from '../engine';
import { OPENED_PREFIX, OpenedLessonStore } from './OpenedLessonStore';

/** A lesson read from somewhere, or every reason it could not be used. */
export type OpenedLesson =
  | { ok: true; lesson: Lesson; warnings: readonly LessonIssue[] }
  | { ok: false; problems: string[]; warnings?: string[] };

/**
 * Reads a lesson's text, turning every problem into a line a person can act on, errors apart from
 * warnings. The reader (YAML, the schema, the checks) loads with the first lesson, not the page.
 */
async function open(text: string): Promise<OpenedLesson> {
  const { readLessonText } = await import('../lesson/readLessonText');
  const read = await readLessonText(text);
  if (read.ok) return read;
  const lines = (severity: LessonIssue['severity']) =>
    read.issues.filter((i) => i.severity === severity).map(formatIssue);
  return { ok: false, problems: lines('error'), warnings: lines('warning') };
}

/**
 * The text of the lesson a link names: one opened from a file in an earlier visit (`opened:<name>`,
 * kept in this browser), else one at an address.
 */
export async function findLessonText(address: string): Promise<FetchedText> {
  if (!address.startsWith(OPENED_PREFIX)) return fetchLessonText(address);
  const name = address.slice(OPENED_PREFIX.length);
  const kept = await OpenedLessonStore.find(name);
  if (kept) return { ok: true, text: kept.text };
  return {
    ok: false,
    problems: [
      `${name} was opened from a file, and this browser does not keep it: open it again with “Open lesson…” (or drop it on the page)`,
    ],
  };
}

/** The lesson a link names, read (see {@link findLessonText}). */
export async function findLesson(address: string): Promise<OpenedLesson> {
  const found = await findLessonText(address);
  return found.ok ? open(found.text) : found;
}

/** A lesson's text as fetched, or why it could not be. */
export type FetchedText = { ok: true; text: string } | { ok: false; problems: string[] };

/**
 * Fetches a lesson's text from a link's address (`?lesson=`): only http(s) or this site, only as
 * text, never larger than a lesson may be. What comes back is data for the lesson reader (or the
 * editor), never markup or code.
 */
export async function fetchLessonText(address: string): Promise<FetchedText> {
  let url: URL;
  try {
    url = new URL(address, location.href);
  } catch {
    return { ok: false, problems: [`"${address}" is not an address`] };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, problems: [`a lesson is fetched over http or https, not ${url.protocol}`] };
  try {
    const response = await fetch(url, { credentials: 'omit', redirect: 'follow' });
    if (!response.ok)
      return { ok: false, problems: [`${url.href} answered ${response.status} ${response.statusText}`] };
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_LESSON_BYTES)
      return {
        ok: false,
        problems: [
          `a lesson file is at most ${MAX_LESSON_BYTES / 1e6} MB; this one is ${(length / 1e6).toFixed(1)} MB`,
        ],
      };
    return { ok: true, text: await response.text() };
  } catch (error) {
    return {
      ok: false,
      problems: [`${url.href} could not be fetched: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
}

/** How often a lesson open from disk is checked for a new save. */
const WATCH_MS = 1000;

interface PickerWindow {
  showOpenFilePicker?: (options: object) => Promise<FileSystemFileHandle[]>;
}

/**
 * Opens lesson files: "Open lesson…" (the file picker), a file dropped on the page, or a link.
 * A lesson with errors is shown with all of them, by line, column and path, and the player stays
 * on what it had. While a lesson is open from disk through a handle (the File System Access
 * picker, or a drop that gives one), saving it in an editor reloads it and keeps the scene and beat.
 */
export class LessonOpener {
  private watching: { handle: FileSystemFileHandle; modified: number; timer: ReturnType<typeof setInterval> } | null =
    null;

  constructor(
    button: HTMLButtonElement,
    private readonly input: HTMLInputElement,
    private readonly session: PlayerSession,
    private readonly alerts: AlertView,
  ) {
    button.addEventListener('click', () => void this.pick());
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      input.value = '';
      if (file) void this.openFile(file, null);
    });
    addEventListener('dragover', (e) => {
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
    });
    addEventListener('drop', (e) => {
      const item = [...(e.dataTransfer?.items ?? [])].find((i) => i.kind === 'file');
      const file = e.dataTransfer?.files[0];
      if (!file) return;
      e.preventDefault();
      const handle = (item as { getAsFileSystemHandle?: () => Promise<FileSystemHandle | null> } | undefined)
        ?.getAsFileSystemHandle?.()
        .catch(() => null);
      void (handle ?? Promise.resolve(null)).then((h) =>
        this.openFile(file, h && h.kind === 'file' ? (h as FileSystemFileHandle) : null),
      );
    });
  }

  /** Shows what was wrong with a lesson, or what is worth a second look in one that plays. */
  report(name: string, opened: OpenedLesson): void {
    if (!opened.ok) {
      const warnings = opened.warnings ?? [];
      this.alerts.showLines(
        `The lesson ${name} does not play, for ${plural(opened.problems.length, 'error')}; the player stays on what it had:`,
        opened.problems,
        warnings.length > 0 ? `Worth a second look once it plays (${plural(warnings.length, 'warning')}):` : '',
        warnings,
      );
    } else this.alerts.showLines(`The lesson ${name} plays; worth a second look:`, opened.warnings.map(formatIssue));
  }

  private async pick(): Promise<void> {
    const picker = (window as PickerWindow).showOpenFilePicker;
    if (!picker) return this.input.click();
    let handle: FileSystemFileHandle;
    try {
      [handle] = await picker({
        types: [
          { description: 'Lesson files', accept: { 'text/yaml': ['.yaml', '.yml'], 'application/json': ['.json'] } },
        ],
      });
    } catch {
      return; // The picker was closed.
    }
    await this.openFile(await handle.getFile(), handle);
  }

  private async openFile(file: File, handle: FileSystemFileHandle | null, keepPlace = false): Promise<void> {
    if (file.size > MAX_LESSON_BYTES) {
      return this.report(file.name, {
        ok: false,
        problems: [
          `a lesson file is at most ${MAX_LESSON_BYTES / 1e6} MB; this one is ${(file.size / 1e6).toFixed(1)} MB`,
        ],
      });
    }
    const text = await file.text();
    const opened = await open(text);
    this.report(file.name, opened);
    if (!opened.ok) return;
    // Kept in this browser, so a reload (or a link to one of its moments) opens it again.
    await OpenedLessonStore.keep({ name: file.name, text }).catch(() => undefined);
    this.session.loadLesson(opened.lesson, { keepPlace, url: `${OPENED_PREFIX}${file.name}` });
    if (handle) this.watch(handle, file.lastModified);
    else this.stopWatching();
  }

  private watch(handle: FileSystemFileHandle, modified: number): void {
    this.stopWatching();
    const timer = setInterval(() => {
      void handle
        .getFile()
        .then((file) => {
          if (!this.watching || file.lastModified === this.watching.modified) return;
          this.watching.modified = file.lastModified;
          return this.openFile(file, handle, true).then(() => undefined);
        })
        .catch(() => this.stopWatching());
    }, WATCH_MS);
    this.watching = { handle, modified, timer };
  }

  private stopWatching(): void {
    if (this.watching) clearInterval(this.watching.timer);
    this.watching = null;
  }
}
