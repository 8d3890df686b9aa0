import { createSceneAccess, fillTemplate, getSceneFacts, type Facts } from '../../scenes/getSceneFacts';
import type { Chapter, Lesson, Scene, SceneAccess } from '../../scenes/lessonSchema';
import { getSchedule, WARP_SIZE } from '../engine';
import { getScenePanels, PANEL_KINDS } from '../panels/panelKinds';
import { planTimeline } from '../timeline/planTimeline';
import { findTypedFacts } from './findTypedFacts';
import { suggestName } from './suggestName';

export interface LessonCheck {
  readonly severity: 'error' | 'warning';
  readonly path: readonly (string | number)[];
  readonly message: string;
  /** Where in the text at `path` the problem is (a character index), when it is inside a text. */
  readonly index?: number;
}

/** A lesson as far as it reads: a scene the schema refused is `null`, and skipped, keeping its place. */
export interface CheckedLesson {
  readonly title: string;
  readonly scenes: readonly (Scene | null)[];
  readonly chapters?: readonly (Chapter | null)[];
}

/** The fields an access error names map to the access's own keys (`words[3]` is `words`). */
const accessKey = (field: string) => field.replace(/\[\d+\]$/, '');

/**
 * What a schema cannot see: accesses the engine refuses, facts that do not exist, cues past the
 * last round, highlights of banks that do not exist, panels without their content, duplicate ids;
 * and, as warnings, numbers typed where a fact would keep them true.
 */
export function checkLesson(lesson: Lesson | CheckedLesson): LessonCheck[] {
  const checks: LessonCheck[] = [];
  const error = (path: (string | number)[], message: string) => checks.push({ severity: 'error', path, message });
  const seen = new Map<string, number>();
  lesson.scenes.forEach((scene, s) => {
    if (!scene) return;
    const at = (...rest: (string | number)[]) => ['scenes', s, ...rest];
    const first = seen.get(scene.id);
    if (first !== undefined) error(at('id'), `"${scene.id}" is already the id of scenes[${first}]`);
    else seen.set(scene.id, s);
    const accesses: [SceneAccess, (string | number)[]][] = [
      [scene.access, at('access')],
      ...Object.entries(scene.compare ?? {}).map(([name, a]): [SceneAccess, (string | number)[]] => [
        a,
        at('compare', name),
      ]),
      ...[scene.question, ...(scene.quiz ?? [])].flatMap((q, i): [SceneAccess, (string | number)[]][] =>
        q?.access ? [[q.access, i === 0 ? at('question', 'access') : at('quiz', i - 1, 'access')]] : [],
      ),
    ];
    let broken = false;
    for (const [access, path] of accesses) {
      const made = createSceneAccess(access);
      if (!made.ok) {
        broken = true;
        error([...path, accessKey(made.error.field)], made.error.reason);
      }
    }
    if (broken) return;
    const facts = getSceneFacts(scene);
    if (!facts.ok) return error(at('access'), facts.error.reason);
    checkTexts(scene, facts.value, at, checks);
    checkBeats(scene, facts.value, at, checks);
    checkPanels(scene, at, checks);
  });
  checkChapters(lesson, error);
  return checks;
}

/** Chapters start at scenes the lesson has, the first at its first scene, each after the one before. */
function checkChapters(lesson: Lesson | CheckedLesson, error: (path: (string | number)[], message: string) => void) {
  const ids = lesson.scenes.map((scene) => scene?.id ?? null);
  const named = new Set<string>();
  let before = -1;
  (lesson.chapters ?? []).forEach((chapter: Chapter | null, c) => {
    if (!chapter) return;
    if (named.has(chapter.id)) error(['chapters', c, 'id'], `"${chapter.id}" is already the id of another chapter`);
    named.add(chapter.id);
    const first = ids.indexOf(chapter.start);
    if (first < 0) error(['chapters', c, 'start'], `there is no scene "${chapter.start}" to start the chapter at`);
    else if (c === 0 && first !== 0)
      error(['chapters', c, 'start'], `the first chapter starts at the first scene, ${ids[0] ?? ''}`);
    else if (first <= before) error(['chapters', c, 'start'], 'a chapter starts after the one before it');
    if (first >= 0) before = first;
  });
}

function checkTexts(
  scene: Scene,
  facts: Facts,
  at: (...rest: (string | number)[]) => (string | number)[],
  checks: LessonCheck[],
) {
  const texts: [string, (string | number)[]][] = [
    [scene.title, at('title')],
    ...scene.beats.map((b, i): [string, (string | number)[]] => [b.text, at('beats', i, 'text')]),
    ...[scene.question, ...(scene.quiz ?? [])].flatMap((q, i): [string, (string | number)[]][] => {
      if (!q) return [];
      const base = i === 0 ? at('question') : at('quiz', i - 1);
      return [
        [q.prompt, [...base, 'prompt']],
        [q.explanation, [...base, 'explanation']],
        ...(q.explain ? [[q.explain, [...base, 'explain']] as [string, (string | number)[]]] : []),
        [`{${q.answer}}`, [...base, 'answer']],
      ];
    }),
    ...(scene.takeaways ?? []).map((t, i): [string, (string | number)[]] => [t, at('takeaways', i)]),
    ...(scene.table?.title ? [[scene.table.title, at('table', 'title')] as [string, (string | number)[]]] : []),
    ...(scene.table?.accesses ?? []).flatMap((a, i): [string, (string | number)[]][] =>
      a.label ? [[a.label, at('table', 'accesses', i, 'label')]] : [],
    ),
    ...(scene.notes ?? []).flatMap((n, i): [string, (string | number)[]][] => [
      [n.title, at('notes', i, 'title')],
      ...n.items.map((item, j): [string, (string | number)[]] => [item, at('notes', i, 'items', j)]),
    ]),
  ];
  for (const [text, path] of texts) {
    const filled = fillTemplate(text, facts);
    if (!filled.ok) {
      checks.push({
        severity: 'error',
        path,
        message: `${filled.error.reason}${suggestName(filled.error.field, Object.keys(facts))} (the facts are listed in docs/lessons.md: rounds, busiest, word0, bank0, …)`,
        index: text.indexOf(`{${filled.error.field}}`),
      });
      continue;
    }
    // A number typed where a fact of this access says it goes stale the moment the access changes.
    for (const typed of findTypedFacts(text, facts))
      checks.push({
        severity: 'warning',
        path,
        // The likeliest two (the busiest bank before bank 8's lanes): eight or thirty-three facts named were noise.
        message: `write ${typed.facts
          .slice(0, 2)
          .map((f) => `{${f}}`)
          .join(' or ')}, not ${typed.number}, so the number follows the model`,
        index: typed.index,
      });
  }
  [scene.question, ...(scene.quiz ?? [])].forEach((q, i) => {
    if (!q || q.kind !== 'choice') return;
    const answer = facts[q.answer];
    const path = i === 0 ? at('question', 'answer') : at('quiz', i - 1, 'answer');
    if (!q.choices?.length) checks.push({ severity: 'error', path, message: 'a choice question needs its choices' });
    else if (answer !== undefined && !q.choices.includes(answer))
      checks.push({
        severity: 'error',
        path,
        message: `{${q.answer}} is "${answer}", which is not one of its choices`,
      });
  });
}

function checkBeats(
  scene: Scene,
  facts: Facts,
  at: (...rest: (string | number)[]) => (string | number)[],
  checks: LessonCheck[],
) {
  const made = createSceneAccess(scene.access);
  if (!made.ok) return;
  const schedule = getSchedule(made.value.access);
  const labels = planTimeline(schedule).labels;
  scene.beats.forEach((beat, b) => {
    if (beat.cue !== 'hold' && labels[beat.cue] === undefined) {
      const round = /^round-(\d+)$/.exec(beat.cue);
      checks.push({
        severity: 'error',
        path: at('beats', b, 'cue'),
        message: round
          ? `${beat.cue} is past this access's ${schedule.rounds} round${schedule.rounds === 1 ? '' : 's'}`
          : `${beat.cue} is not a moment of the animation`,
      });
    }
    (beat.highlight?.banks ?? []).forEach((bank, i) => {
      const path = at('beats', b, 'highlight', 'banks', i);
      const value = typeof bank === 'number' ? String(bank) : fillTemplate(bank, facts);
      const number = typeof value === 'string' ? Number(value) : value.ok ? Number(value.value) : NaN;
      if (typeof value !== 'string' && !value.ok) checks.push({ severity: 'error', path, message: value.error.reason });
      else if (!Number.isInteger(number) || number < 0 || number >= schedule.model.banks)
        checks.push({ severity: 'error', path, message: `${bank} is not a bank (0 to ${schedule.model.banks - 1})` });
    });
    if (beat.panel && !getScenePanels(scene).includes(beat.panel))
      checks.push({
        severity: 'error',
        path: at('beats', b, 'panel'),
        message: `this scene shows no ${beat.panel} panel: add it to the scene's panels`,
      });
    (beat.highlight?.lanes ?? []).forEach((lane, i) => {
      if (lane >= WARP_SIZE)
        checks.push({
          severity: 'error',
          path: at('beats', b, 'highlight', 'lanes', i),
          message: `there is no lane ${lane}`,
        });
    });
  });
}

function checkPanels(scene: Scene, at: (...rest: (string | number)[]) => (string | number)[], checks: LessonCheck[]) {
  (scene.panels ?? []).forEach((kind, i) => {
    const lacking = PANEL_KINDS[kind].lacks(scene);
    if (lacking) checks.push({ severity: 'error', path: at('panels', i), message: lacking });
  });
  (scene.table?.accesses ?? []).forEach((entry, i) => {
    if (entry.of !== 'self' && !scene.compare?.[entry.of])
      checks.push({
        severity: 'error',
        path: at('table', 'accesses', i, 'of'),
        message: `there is no access "${entry.of}": use self, or a name under compare`,
      });
  });
}
