import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layers' lint rule (eslint.config.js), run on one import as if written in a file: a pattern
 * written for the wrong depth would pass everything silently, so each layer's rule is tried here.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, from: string): Promise<string[]> {
  const [result] = await eslint.lintText(`export * from '${from}';\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const REFUSED: [string, string, string][] = [
  ['the lesson format', 'scenes/lessonSchema.ts', '../src/panels/panelKinds'],
  ['the voice', 'src/voice/renderVoice.ts', '../export/renderClip'],
  ['the timeline', 'src/timeline/planTimeline.ts', '../program/createProgram'],
  ['a panel kind’s definition', 'src/panels/quiz/quizPanel.ts', '../../ui/createElement'],
  ['a panel kind’s definition (drawing)', 'src/panels/quiz/quizPanel.ts', 'pixi.js'],
  ['a panel kind’s frame view', 'src/panels/quiz/QuizFrameView.ts', '../../session/PlayerSession'],
  ['the stage', 'src/stage/panels/FramePanelColumn.ts', '../../panels/quiz/QuizPageView'],
  ['the session', 'src/session/PlayerSession.ts', '../ui/createElement'],
  ['the session (drawing)', 'src/session/PlayerSession.ts', 'pixi.js'],
  ['the exporter', 'src/export/renderClip.ts', '../ui/saveFile'],
  ['the embed element', 'src/embed/bankConflictPlayer.ts', '../session/playerUrl'],
  ['a view of the page', 'src/ui/explore/ExplorePanelView.ts', '../../render/renderPage'],
  ['the kernel module', 'src/kernel/chooseKernelInstruction.ts', '../lesson/readLesson'],
  ['the kernel module (drawing)', 'src/kernel/chooseKernelInstruction.ts', 'pixi.js'],
  ['the program', 'src/program/describeKernel.ts', '../kernel/chooseKernelInstruction'],
];

const ALLOWED: [string, string, string][] = [
  ['a panel kind’s page view', 'src/panels/quiz/QuizPageView.ts', '../../ui/createElement'],
  ['a panel kind’s frame view', 'src/panels/quiz/QuizFrameView.ts', '../../stage/palette'],
  ['the voice recorder', 'src/ui/voice/VoiceRecorderView.ts', '../../voice/Take'],
  ['the program', 'src/program/createProgram.ts', '../panels/panelKinds'],
  ['the lesson reader', 'src/lesson/resolveKernelScene.ts', '../kernel/chooseKernelInstruction'],
  ['the session', 'src/session/playerUrl.ts', '../kernel/kernelParams'],
  ['the kernel module', 'src/kernel/chooseKernelInstruction.ts', '../program/describeKernel'],
];

describe('the layers’ lint rule', () => {
  // The first lint loads the config and TypeScript's parser: seconds on a busy machine.
  beforeAll(() => eslint.lintText('', { filePath: 'src/ui/first.ts' }), 30_000);
  for (const [who, file, from] of REFUSED)
    it(`refuses ${who} the import of ${from} in ${file}`, async () => {
      expect(await restrictedImports(file, from)).toEqual([expect.stringContaining('docs/architecture.md')]);
    });
  for (const [who, file, from] of ALLOWED)
    it(`lets ${who} import ${from} in ${file}`, async () => {
      expect(await restrictedImports(file, from)).toEqual([]);
    });
  it('reaches every file of the product but its pages (main.ts, render/), however deep its folder', async () => {
    const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && f !== 'main.ts' && !f.startsWith('render/'))
      .map((f) => `src/${f}`);
    const unchecked: string[] = [];
    for (const file of [...files, 'scenes/lessonSchema.ts']) {
      const config = await eslint.calculateConfigForFile(file);
      if (!config.rules?.['no-restricted-imports']) unchecked.push(file);
    }
    expect(unchecked).toEqual([]);
  });
});
