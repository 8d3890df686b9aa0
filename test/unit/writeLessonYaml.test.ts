import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHAPTERS, SCENES } from '../../scenes';
import { readLesson } from '../../src/lesson/readLesson';
import { readLessonText } from '../../src/lesson/readLessonText';
import { writeLessonYaml } from '../../src/lesson/writeLessonYaml';
import { DEFAULT_LESSON_TITLE } from '../../src/session/PlayerSession';
import { getLessonKernels } from '../support/kernelAnalyzer';

describe('writing a lesson as YAML', () => {
  it('writes the built-in lesson as a file that reads back as the same scenes and chapters, with no problem', () => {
    const text = writeLessonYaml({ title: DEFAULT_LESSON_TITLE, chapters: CHAPTERS, scenes: SCENES });
    const read = readLesson(text);
    expect(read.ok ? read.warnings : read.issues).toEqual([]);
    if (!read.ok) return;
    expect(read.lesson).toEqual(
      JSON.parse(JSON.stringify({ title: DEFAULT_LESSON_TITLE, chapters: CHAPTERS, scenes: SCENES })),
    );
  });

  it('lays it out as the format’s examples do: short accesses and chapters on one line, captions whole', () => {
    const text = writeLessonYaml({ title: DEFAULT_LESSON_TITLE, chapters: CHAPTERS, scenes: SCENES });
    expect(text).toContain('access: { pattern: stride, stride: 1, offset: 16 }');
    expect(text).toContain('  - { id: lesson, title: The lesson, start: banks }');
    // Every caption on one line, so a problem's line is its caption's.
    for (const scene of SCENES)
      for (const beat of scene.beats)
        expect(
          text
            .split('\n')
            .some((line) => line.includes(`text: `) && line.includes(beat.text.slice(0, 30).replace(/"/g, '\\"'))),
        ).toBe(true);
  });

  it('writes an example lesson back as itself, its kernel scene too', async () => {
    const read = await readLessonText(readFileSync('assets/lessons/transpose.yaml', 'utf8'), getLessonKernels);
    if (!read.ok) throw new Error('the example lesson reads');
    const again = await readLessonText(writeLessonYaml(read.lesson), getLessonKernels);
    expect(again.ok && again.lesson).toEqual(read.lesson);
  });
});
