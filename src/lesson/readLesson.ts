import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { LineCounter, parseDocument } from 'yaml';
import {
  ChapterSchema,
  KernelSceneSchema,
  LessonSchema,
  SceneSchema,
  type Chapter,
  type Lesson,
  type Scene,
} from '../../scenes/lessonSchema';
import { checkLesson } from './checkLesson';
import { checkLessonPuzzles } from './checkLessonPuzzles';
import { applyKernelScenes, type LessonKernels } from './resolveKernelScene';
import { MAX_LESSON_BYTES, type LessonIssue } from './lessonIssue';
import { describeYamlError, getYamlErrorOffset, QUOTE_LEFT_OPEN } from './describeYamlError';
import { suggestName } from './suggestName';

/** Where in a lesson file, by keys and indices: `['scenes', 2, 'beats', 1, 'cue']`. */
export type LessonPath = readonly (string | number)[];

/** A read lesson: usable when there is no error; warnings never stop it. */
export type LessonReading =
  | { readonly ok: true; readonly lesson: Lesson; readonly warnings: readonly LessonIssue[] }
  | { readonly ok: false; readonly issues: readonly LessonIssue[] };

/** YAML aliases may repeat a node this many times at most: a "billion laughs" file stops here. */
const MAX_ALIASES = 100;

/** Writes a path the way a person reads it: `scenes[2].beats[1].cue`. */
export const formatPath = (path: LessonPath) =>
  path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${key}` : key), '');

/** A schema failure in words: which values a choice allows, what a number must be. */
function describe(message: string, schema: TSchema): string {
  if (message === 'Expected required property') return 'is missing';
  if (message === 'Unexpected property') return 'is not a key this format has';
  const choices = (schema.anyOf as TSchema[] | undefined)?.map((s) => s.const).filter((c) => c !== undefined);
  if (choices?.length) return `must be one of ${choices.join(', ')}`;
  if (schema.pattern && message.startsWith('Expected string to match'))
    return schema.description ? `is not valid: ${schema.description}` : `must match ${schema.pattern}`;
  return message.replace(/^Expected/, 'must be');
}

/** "; did you mean swizzle?" for a key one or two typos from one the object takes, else nothing. */
const suggestKey = (key: string, schema: TSchema) =>
  suggestName(key, Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {}));

/** A file refused whole: one error at its start. */
const refuse = (message: string): LessonReading => ({
  ok: false,
  issues: [{ severity: 'error', path: '', line: 1, column: 1, message }],
});

/**
 * Reads a lesson file (YAML, or JSON, which is YAML too): parses it with line and column for every
 * node, checks it against the lesson schema and then against the model (accesses, facts, cues,
 * highlights), and reports every problem at once, each with its line, column and path.
 *
 * @remarks
 * A lesson is data: nothing in it is run. Oversized files and alias bombs are refused before they
 * can cost memory or time. A scene's `kernel:` is analysed with `kernels` (see readLessonText,
 * which loads them when a file has one) into its access.
 */
export function readLesson(text: string, kernels?: LessonKernels): LessonReading {
  const size = new TextEncoder().encode(text).length;
  if (size > MAX_LESSON_BYTES) {
    return refuse(`a lesson file is at most ${MAX_LESSON_BYTES / 1e6} MB; this one is ${(size / 1e6).toFixed(1)} MB`);
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, strict: true, prettyErrors: false });
  const at = (offset: number) => lines.linePos(offset);
  if (doc.errors.length > 0) {
    return {
      ok: false,
      // One error a place: what follows from the first there (an indentation after a quote left
      // open) only confuses.
      issues: [...doc.errors]
        .sort((a, b) => Number(a.code === 'BAD_INDENT') - Number(b.code === 'BAD_INDENT'))
        .map((e): LessonIssue => {
          const { line, col } = at(getYamlErrorOffset(e.code, e.pos));
          return { severity: 'error', path: '', line, column: col, message: describeYamlError(e.code, e.message) };
        })
        .filter((e, i, all) => all.findIndex((o) => o.line === e.line && o.column === e.column) === i)
        .sort((a, b) => a.line - b.line || a.column - b.column)
        // A quote left open runs on through the rest of the file: what YAML finds after it follows from it.
        .filter((_, i, all) => !all.slice(0, i).some((o) => o.message === QUOTE_LEFT_OPEN)),
    };
  }
  /** The line and column of the deepest node the path reaches (a missing key: its parent). */
  const locate = (path: LessonPath, within?: number) => {
    for (let depth = path.length; depth >= 0; depth--) {
      const node = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth), true);
      const range = (node as { range?: [number, number, number] } | null)?.range;
      if (!range) continue;
      let offset = range[0];
      // Inside a text: the same occurrence of the offending piece in the file's own characters.
      const value = (node as { value?: unknown }).value;
      if (within !== undefined && depth === path.length && typeof value === 'string') {
        const piece = /^[\w{}.,%-]+/.exec(value.slice(within))?.[0] ?? '';
        const nth = piece ? value.slice(0, within).split(piece).length - 1 : 0;
        let at = range[0] - 1;
        for (let k = 0; k <= nth && at < range[1]; k++) at = text.indexOf(piece, at + 1);
        if (piece && at >= range[0] && at < range[1]) offset = at;
      }
      const { line, col } = at(offset);
      return { line, column: col };
    }
    return { line: 1, column: 1 };
  };
  /** The line and column of a key itself (a misspelled one), not of its value. */
  const locateKey = (path: LessonPath) => {
    const parent = path.length > 1 ? doc.getIn(path.slice(0, -1), true) : doc.contents;
    const pair = (
      parent as { items?: { key?: { value?: unknown; range?: [number, number, number] } }[] } | null
    )?.items?.find((item) => item.key?.value === path.at(-1));
    if (!pair?.key?.range) return locate(path);
    const { line, col } = at(pair.key.range[0]);
    return { line, column: col };
  };
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    return refuse(
      `the file repeats itself through too many aliases (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const issue = (
    severity: LessonIssue['severity'],
    path: LessonPath,
    message: string,
    within?: number,
  ): LessonIssue => ({
    severity,
    path: formatPath(path),
    ...locate(path, within),
    message,
  });
  if (data === null || data === undefined)
    return refuse('the file is empty: a lesson begins with its title: and its scenes: (see docs/lessons.md)');
  const kernelIssues = applyKernelScenes(data, kernels, (value) => Value.Check(KernelSceneSchema, value)).map((k) =>
    issue('error', k.path, k.message),
  );
  const seen = new Set<string>();
  const schemaIssues: LessonIssue[] = [...kernelIssues];
  for (const error of Value.Errors(LessonSchema, data)) {
    const path = error.path
      .split('/')
      .slice(1)
      .map((key) => (/^\d+$/.test(key) ? Number(key) : key.replace(/~1/g, '/').replace(/~0/g, '~')));
    const key = formatPath(path);
    if (seen.has(key)) continue;
    // A kernel scene's access comes from its kernel: what is wrong there is reported at the kernel.
    if (path.length === 3 && path[2] === 'access' && doc.hasIn(['scenes', path[1], 'kernel'])) continue;
    seen.add(key);
    const message =
      error.message === 'Unexpected property'
        ? `is not a key this format has${suggestKey(String(path.at(-1)), error.schema)}`
        : describe(error.message, error.schema);
    schemaIssues.push(
      error.message === 'Unexpected property'
        ? { severity: 'error', path: key, ...locateKey(path), message }
        : issue('error', path, message),
    );
    if (schemaIssues.length >= 50) break;
  }
  // One pass: the model checks every scene the schema lets through (a misspelled key only drops
  // that key), so one mistake never hides the rest until it is fixed.
  const cleaned = Value.Clean(LessonSchema, structuredClone(data)) as {
    title?: unknown;
    scenes?: unknown;
    chapters?: unknown;
    puzzles?: unknown;
  };
  const scenes = Array.isArray(cleaned?.scenes) ? cleaned.scenes : [];
  const checkable = {
    title: typeof cleaned?.title === 'string' ? cleaned.title : '',
    scenes: scenes.map((scene) => (Value.Check(SceneSchema, scene) ? (scene as Scene) : null)),
    chapters: Array.isArray(cleaned?.chapters)
      ? cleaned.chapters.map((c) => (Value.Check(ChapterSchema, c) ? (c as Chapter) : null))
      : undefined,
  };
  const checked = [
    ...checkLesson(checkable).map((c) => issue(c.severity, c.path, c.message, c.index)),
    ...checkLessonPuzzles(cleaned?.puzzles).map((c) => issue('error', c.path, c.message)),
  ];
  const all = [...schemaIssues, ...checked].sort((a, b) => a.line - b.line || a.column - b.column);
  const errors = all.filter((c) => c.severity === 'error');
  return errors.length > 0
    ? { ok: false, issues: all }
    : { ok: true, lesson: data as Lesson, warnings: all.filter((c) => c.severity === 'warning') };
}
