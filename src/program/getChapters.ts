import type { Chapter } from '../../scenes';

/** A chapter of the program: its scenes are entries `first` to `last` (both included). */
export interface ProgramChapter {
  readonly id: string;
  readonly title: string;
  readonly first: number;
  readonly last: number;
}

/**
 * Where a lesson's chapters fall in its scenes: each from its first scene up to the next one's.
 * A lesson without chapters is one chapter, under its own title. Starts the lesson does not have,
 * or that are out of order, are the lesson checker's to report; here they are passed over.
 */
export function getChapters(
  scenes: readonly { readonly id: string }[],
  title: string,
  chapters: readonly Chapter[] | undefined,
): ProgramChapter[] {
  const starts = (chapters ?? [])
    .map((chapter) => ({ chapter, first: scenes.findIndex((s) => s.id === chapter.start) }))
    .filter(({ first }, i, all) => first >= 0 && (i === 0 ? first === 0 : first > all[i - 1].first));
  if (starts.length === 0 || starts[0].first !== 0) return [{ id: 'lesson', title, first: 0, last: scenes.length - 1 }];
  return starts.map(({ chapter, first }, i) => ({
    id: chapter.id,
    title: chapter.title,
    first,
    last: i + 1 < starts.length ? starts[i + 1].first - 1 : scenes.length - 1,
  }));
}

/** The chapter that holds entry `index`. */
export const getChapterOf = (chapters: readonly ProgramChapter[], index: number): ProgramChapter =>
  chapters.find((c) => index >= c.first && index <= c.last) ?? chapters[chapters.length - 1];
