import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getSchedule } from '../../src/engine';
import { readLesson } from '../../src/lesson/readLesson';
import { createProgram } from '../../src/program/createProgram';
import { quizOf } from '../panelContent';

/** The YAML lessons the lesson guide shows, each read as a person copying it would. */
const lessons = [...readFileSync('docs/lessons.md', 'utf8').matchAll(/```yaml\n(title:[\s\S]*?)```/g)].map((m) => m[1]);

describe('the lesson guide’s lessons', () => {
  it('are there to read: the first and the two-chapter one', () => {
    expect(lessons.length).toBeGreaterThanOrEqual(2);
  });

  for (const [i, text] of lessons.entries())
    it(`lesson ${i + 1} reads with no error and plays as written`, () => {
      const read = readLesson(text);
      expect(read.ok ? [] : read.issues).toEqual([]);
      if (!read.ok) return;
      for (const entry of createProgram(read.lesson.scenes)) {
        expect(entry.beats.length).toBeGreaterThan(0);
        expect(getSchedule(entry.access).rounds).toBeGreaterThan(0);
      }
    });

  it('the two-chapter lesson: its question, its quiz and its wider-model scene say the engine’s numbers', () => {
    const read = readLesson(lessons.find((l) => l.includes('chapters:'))!);
    if (!read.ok) throw new Error(read.issues.map((i) => i.message).join('; '));
    const [pad, float4] = createProgram(read.lesson.scenes);
    // Pitch 33 spreads the column over all 32 banks; pitch 64 lands every row in bank 0.
    expect(pad.question?.answer).toBe('1');
    expect(quizOf(pad).map((q) => q.answer)).toEqual(['32']);
    expect(pad.panels).toEqual(['question', 'quiz']);
    // A float4 column at pitch 9: four phases of 8 lanes, one round each; unpadded 8 rounds a phase.
    expect(float4.beats.map((b) => b.text)).toEqual([
      'Unpadded, the column takes 32 rounds.',
      'Padded by one float4: 4 phases, 4 rounds.',
    ]);
  });
});
