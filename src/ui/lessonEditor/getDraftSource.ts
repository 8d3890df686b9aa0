import type { LessonData } from '../../lesson/writeLessonYaml';
import { writeLessonYaml } from '../../lesson/writeLessonYaml';
import type { FetchedText } from '../LessonOpener';
import { BUILT_IN_SOURCE } from './LessonDraftStore';

/**
 * Where drafts begin, handed over by the page (whose first load has them already, so the editor's
 * code does not split them off it): the built-in lesson as data, and the text a link's address
 * names (`opened:<name>`, kept in this browser, or an address to fetch).
 */
export interface DraftSources {
  readonly builtIn: LessonData;
  readonly findText: (address: string) => Promise<FetchedText>;
}

/** A lesson's text as it began, with the file name to save it under, or why it cannot be read. */
export type DraftSource = { ok: true; text: string; name: string } | { ok: false; problem: string };

/** A file name from the end of an address: `lessons/transpose.yaml` → `transpose.yaml`. */
const getFileName = (address: string): string => {
  const last =
    address
      .replace(/^opened:/, '')
      .split(/[?#]/)[0]
      .split('/')
      .filter(Boolean)
      .at(-1) ?? '';
  return /\.(ya?ml|json)$/i.test(last) ? decodeURIComponent(last) : 'lesson.yaml';
};

/**
 * The text a draft of lesson `source` begins as: the built-in lesson written out as a lesson file
 * (a copy: the player's own scenes do not change), a lesson opened from a file as the file itself,
 * and one at an address as fetched.
 */
export async function getDraftSource(source: string, sources: DraftSources): Promise<DraftSource> {
  if (source === BUILT_IN_SOURCE)
    return { ok: true, text: writeLessonYaml(sources.builtIn), name: 'bank-conflicts.yaml' };
  const found = await sources.findText(source);
  return found.ok
    ? { ok: true, text: found.text, name: getFileName(source) }
    : { ok: false, problem: found.problems[0] };
}
