import { describe, expect, it } from 'vitest';
import { getSchedule, type KernelReport } from '../../src/engine';
import { getInstructionSpec } from '../../src/engine/kernel';
import type { LessonIssue } from '../../src/lesson/lessonIssue';
import { readLessonText } from '../../src/lesson/readLessonText';
import { createProgram } from '../../src/program/createProgram';
import { analyzeOk, getLessonKernels, instructionAt, readPreset, rowInstructionsOf } from '../support/kernelAnalyzer';

const WARPS_8 = { x: 32, y: 8, z: 1 };
const TRANSPOSE = readPreset('transposeCoalesced');

/** A one-scene lesson whose scene is `kernel` (a YAML flow mapping), as an instructor writes it. */
const lessonOf = (kernel: string) => `title: A kernel lesson
scenes:
  - id: column-read
    title: The transpose's column read
    kernel: ${kernel}
    beats:
      - { cue: end, text: "{rounds} rounds." }
`;

const read = (text: string) => readLessonText(text, getLessonKernels);
const issuesOf = async (text: string): Promise<readonly LessonIssue[]> => {
  const reading = await read(text);
  return reading.ok ? reading.warnings : reading.issues;
};

/** The analyzer's instructions of a line's load, in the order the warps ran them. */
const loadsOf = (report: KernelReport, line: number) =>
  rowInstructionsOf(
    report,
    report.lines.find((l) => l.line === line && l.op === 'load')!,
  );

describe('a lesson scene given a kernel line', () => {
  it('plays that line’s worst instruction, the rounds the analyzer counts, with the kernel as its code and the line lit', async () => {
    const report = await analyzeOk(TRANSPOSE, { block: WARPS_8 });
    const line = report.lines.find((l) => l.line === 27)!;
    const worst = instructionAt(report, line.worst);
    expect(worst.rounds).toBe(32);
    const reading = await read(lessonOf('{ file: transposeCoalesced, block: 32x8, line: 27 }'));
    if (!reading.ok) throw new Error(JSON.stringify(reading.issues));
    expect(reading.warnings).toEqual([]);
    const [scene] = createProgram(reading.lesson.scenes);
    expect(scene.spec).toEqual(getInstructionSpec(report, worst));
    expect(getSchedule(scene.access).rounds).toBe(worst.rounds);
    expect(scene.beats.map((b) => b.text)).toEqual(['32 rounds.']);
    expect(scene.panels).toContain('code');
    expect(scene.scene?.code).toEqual({ title: 'transposeCoalesced.cu', text: TRANSPOSE, lit: [27] });
  });

  it('takes an instance of the line, and a kernel typed into the file', async () => {
    const padded = TRANSPOSE.replace('tile[TILE_DIM][TILE_DIM];', 'tile[TILE_DIM][TILE_DIM + 1];');
    const report = await analyzeOk(padded, { block: WARPS_8 });
    const third = loadsOf(report, 27)[2];
    const source = JSON.stringify(padded);
    const reading = await read(lessonOf(`{ source: ${source}, block: 32x8, line: 27, instance: 3 }`));
    if (!reading.ok) throw new Error(JSON.stringify(reading.issues));
    const [scene] = createProgram(reading.lesson.scenes);
    expect(scene.spec).toEqual(getInstructionSpec(report, third));
    expect(getSchedule(scene.access).rounds).toBe(1);
  });

  it('passes a preset’s parameters to the analyzer', async () => {
    const launch = { block: { x: 16, y: 16, z: 1 }, args: { BLOCK_SIZE: 16, wA: 32, wB: 32 } };
    const report = await analyzeOk(readPreset('matrixMul'), launch);
    const worst = instructionAt(report, [...report.lines].sort((a, b) => b.excess - a.excess)[0].worst);
    const reading = await read(
      lessonOf(`{ file: matrixMul.cu, block: 16x16, args: { BLOCK_SIZE: 16, wA: 32, wB: 32 }, line: ${worst.line} }`),
    );
    if (!reading.ok) throw new Error(JSON.stringify(reading.issues));
    expect(createProgram(reading.lesson.scenes)[0].spec).toEqual(getInstructionSpec(report, worst));
  });

  // Each case: the scene's kernel, the message it must give, and the text its line and column point at.
  const cases: [string, RegExp, string][] = [
    ['{ file: transposeCoalesced, block: 32x8, line: 14 }', /line 14 makes no shared-memory access.*19, 27/, '14'],
    [
      '{ file: transpose, block: 32x8, line: 27 }',
      /there is no kernel transpose: the presets are .*reduce0/,
      'transpose,',
    ],
    ['{ file: transposeCoalesced, block: 32x99, line: 27 }', /block/i, '32x99'],
    ['{ file: transposeCoalesced, block: 32x8, line: 27, instance: 40 }', /runs 32 instructions/, '40'],
    ['{ source: "__global__ void k() { int x = ; }", block: 32, line: 1 }', /the kernel's line 1, column/, '"__global'],
    ['{ block: 32x8, line: 27 }', /file \(a preset’s name\) or source/, '{ block'],
    ['{ file: transposeCoalesced, block: 32x8 }', /^is missing$/, '{ file'],
    // A parameter the kernel needs is asked for as the lesson's key, never the command line's flag.
    [
      '{ source: "__global__ void k(int pitch) { __shared__ float t[4096]; t[threadIdx.x * pitch] = 1; }", block: 32, args: { }, line: 1 }',
      /^(?!.*--arg).*give it one \(args: \{ pitch: … \}\)/,
      '{ },',
    ],
  ];
  for (const [kernel, message, marker] of cases)
    it(`reports ${kernel} at its place in the file`, async () => {
      const text = lessonOf(kernel);
      const issues = await issuesOf(text);
      expect(issues).toHaveLength(1);
      const before = text.slice(0, text.indexOf(marker));
      expect(issues[0]).toMatchObject({
        severity: 'error',
        line: before.split('\n').length,
        column: before.length - before.lastIndexOf('\n'),
      });
      expect(issues[0].message).toMatch(message);
    });

  it('refuses a scene that gives both an access and a kernel', async () => {
    const text = lessonOf('{ file: transposeCoalesced, block: 32x8, line: 27 }').replace(
      '    kernel:',
      '    access: { pattern: column }\n    kernel:',
    );
    expect((await issuesOf(text)).map((i) => [i.path, i.line, i.message])).toEqual([
      ['scenes[0].kernel', 6, 'a scene gives an access or a kernel, not both'],
    ]);
  });
});
