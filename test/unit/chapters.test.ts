import { describe, expect, it } from 'vitest';
import { CHAPTERS, SCENES } from '../../scenes';
import { planClip } from '../../src/export/planClip';
import { readLesson } from '../../src/lesson/readLesson';
import { getChapterOf, getChapters } from '../../src/program/getChapters';
import { PlayerSession } from '../../src/session/PlayerSession';
import { MINIMAL } from '../support/minimalLesson';

const withChapters = (chapters: string) => `${MINIMAL}chapters:\n${chapters}`;

describe('chapters', () => {
  it('split the walkthrough into the lesson page’s scenes and Going further', () => {
    const chapters = getChapters(SCENES, 'The walkthrough', CHAPTERS);
    expect(chapters.map((c) => [c.id, c.title])).toEqual([
      ['lesson', 'The lesson'],
      ['going-further', 'Going further'],
    ]);
    // Every scene is in exactly one chapter, in order, and the lesson keeps its ten scenes.
    expect(chapters[0]).toMatchObject({ first: 0, last: 9 });
    expect(chapters[1]).toMatchObject({ first: 10, last: SCENES.length - 1 });
    expect(getChapterOf(chapters, 10).id).toBe('going-further');
    expect(getChapterOf(chapters, 9).id).toBe('lesson');
  });

  it('make a lesson without chapters one chapter under its own title', () => {
    expect(getChapters([{ id: 'a' }, { id: 'b' }], 'My lesson', undefined)).toEqual([
      { id: 'lesson', title: 'My lesson', first: 0, last: 1 },
    ]);
  });

  it('read from a lesson file, and each mistake in them is named where it is', () => {
    const good = readLesson(
      withChapters('  - { id: one, title: One, start: my-column }\n  - { id: two, title: Two, start: my-expr }\n'),
    );
    expect(good.ok).toBe(true);
    if (good.ok) expect(good.lesson.chapters?.map((c) => c.id)).toEqual(['one', 'two']);
    const messages = (chapters: string) => {
      const read = readLesson(withChapters(chapters));
      const issues = read.ok ? [] : read.issues.map((i) => `${i.path}: ${i.message}`);
      return issues.filter((i) => i.startsWith('chapters'));
    };
    expect(messages('  - { id: one, title: One, start: nope }\n')).toEqual([
      'chapters[0].start: there is no scene "nope" to start the chapter at',
    ]);
    expect(messages('  - { id: one, title: One, start: my-expr }\n')).toEqual([
      'chapters[0].start: the first chapter starts at the first scene, my-column',
    ]);
    expect(
      messages('  - { id: one, title: One, start: my-column }\n  - { id: one, title: Again, start: my-column }\n'),
    ).toEqual([
      'chapters[1].id: "one" is already the id of another chapter',
      'chapters[1].start: a chapter starts after the one before it',
    ]);
  });

  it('record as one clip, its scenes in order, named by its id', async () => {
    const session = new PlayerSession({ scenes: SCENES, chapters: CHAPTERS }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const source = {
      program: session.program,
      chapters: session.chapters,
      entry: session.program[12],
      index: 12,
      stage: 'lesson' as const,
      lessonTitle: null,
      getPlan: (i: number) => session.getPlan(i),
    };
    const request = { width: 1920, height: 1080, fps: 30, format: 'mp4' as const, burnCaptions: false, vtt: true };
    const clip = planClip(source, { ...request, range: 'chapter' });
    if (typeof clip === 'string') throw new Error(clip);
    expect(clip.segments.map((s) => s.entry.id)).toEqual(SCENES.slice(10).map((s) => s.id));
    expect(clip.video).toBe('bank-conflicts-going-further-1920x1080-30fps.mp4');
    expect(clip.vtt?.name).toBe('bank-conflicts-going-further-1920x1080-30fps.vtt');
    // The captions run from the chapter's first scene, timed from the clip's start.
    expect(clip.vtt?.text).toContain(`00:00:00.000 --> `);
    expect(planClip({ ...source, stage: 'explore' }, { ...request, range: 'chapter' })).toMatch(/Explore/);
    session.stop();
  });
});
