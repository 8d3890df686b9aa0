import { Document, isMap, isPair, isScalar, isSeq, visit } from 'yaml';
import type { Chapter, LessonPuzzle, Scene } from '../../scenes/lessonSchema';

/** A lesson as data: what {@link writeLessonYaml} writes and `readLesson` reads back. */
export interface LessonData {
  readonly title: string;
  readonly chapters?: readonly Chapter[];
  readonly scenes: readonly Scene[];
  readonly puzzles?: readonly LessonPuzzle[];
}

/**
 * Collections written on one line, as a person writes them in a lesson file (`access: { pattern:
 * column, pitch: 33 }`): an access, a highlight and its lists, a scene's panels, a chapter.
 */
const ONE_LINE = new Set(['access', 'highlight', 'panels', 'lanes', 'banks']);

/** A collection short enough to read on one line: scalars only, and few of them. */
const isShort = (node: unknown): boolean =>
  (isMap(node) || isSeq(node)) &&
  node.items.length <= 8 &&
  node.items.every((item) => (isPair(item) ? isScalar(item.value) || isShort(item.value) : isScalar(item)));

/**
 * A scene as its author wrote it: a kernel scene's access, and its code when that is the kernel's
 * own listing, are what reading its `kernel:` made of it (see resolveKernelScene), so they are
 * left for the next reading to make again.
 */
function writtenScene(scene: LessonData['scenes'][number]): LessonData['scenes'][number] {
  const { kernel } = scene as { kernel?: { file?: string; source?: string; line: number } };
  if (!kernel) return scene;
  const written: Record<string, unknown> = { ...scene };
  delete written.access;
  const code = written.code as { title?: string; text?: string; lit?: number[] } | undefined;
  const listing = kernel.file ? code?.title === `${kernel.file.replace(/\.cu$/, '')}.cu` : code?.text === kernel.source;
  if (code && listing && code.lit?.length === 1 && code.lit[0] === kernel.line) delete written.code;
  return written as typeof scene;
}

/**
 * Writes a lesson in the lesson file format (YAML), so that the built-in lesson can be opened in
 * the editor as a copy: `readLesson(writeLessonYaml(x))` reads `x` back, key for key.
 *
 * @remarks
 * Pure: the built-in scenes are the same data a lesson file holds (they pass through the same
 * schema), so writing them is a matter of layout. Short accesses and lists go on one line, as the
 * format's examples write them; captions stay on one line each, however long, so the line of a
 * problem is the line of its caption.
 */
export function writeLessonYaml(lesson: LessonData): string {
  const data = {
    title: lesson.title,
    ...(lesson.chapters?.length ? { chapters: lesson.chapters } : {}),
    scenes: lesson.scenes.map(writtenScene),
    ...(lesson.puzzles?.length ? { puzzles: lesson.puzzles } : {}),
  };
  const doc = new Document(data);
  visit(doc, {
    Pair(_, pair) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      if (ONE_LINE.has(key) && isShort(pair.value)) (pair.value as { flow?: boolean }).flow = true;
      // A compare's accesses and a table's, and the chapters, each on a line of its own.
      if ((key === 'compare' || key === 'accesses' || key === 'chapters') && (isMap(pair.value) || isSeq(pair.value)))
        for (const item of pair.value.items) {
          const node = isPair(item) ? item.value : item;
          if (isShort(node)) (node as { flow?: boolean }).flow = true;
        }
    },
  });
  return doc.toString({ lineWidth: 0, flowCollectionPadding: true });
}
