import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCENES } from '../../scenes';
import { CODE_LINES } from '../../scenes/cuda';
import { fillTemplate, getSceneFacts } from '../../scenes/getSceneFacts';
import { createTileLayout, getSchedule, getTileFootprint } from '../../src/engine';
import { createProgram } from '../../src/player/createProgram';
import { planTimeline } from '../../src/timeline/planTimeline';

/** Digits a template may hold: lane names (`lane 0`, `Lanes 0 and 1`, `lane 16`), which are identifiers, not results. */
const stripLaneNames = (text: string) => text.replace(/\b[Ll]anes? \d+( and \d+)?/g, 'lane');

describe('the walkthrough’s scenes', () => {
  const program = createProgram(SCENES);

  it('are the nine of the lesson, in order', () => {
    expect(SCENES.map((s) => s.id)).toEqual([
      'banks',
      'row-read',
      'column-read',
      'padding',
      'broadcast',
      'every-other',
      'cuda',
      'try-it',
      'limits',
    ]);
  });

  it('type no number into narration, prompts or explanations: every number is a fact from the engine', () => {
    for (const scene of SCENES) {
      const templates = [
        scene.title,
        ...scene.beats.map((b) => b.text),
        ...[scene.question, ...(scene.quiz ?? [])].flatMap((q) => (q ? [q.prompt, q.explanation] : [])),
      ];
      for (const template of templates) {
        const withoutFacts = stripLaneNames(template.replace(/\{[a-zA-Z0-9.]+\}/g, ''));
        expect(withoutFacts, `${scene.id}: ${template}`).not.toMatch(/\d/);
      }
    }
  });

  it('fill every fact from the engine: rounds, banks, words and bytes', () => {
    for (const scene of SCENES) {
      const facts = getSceneFacts(scene);
      expect(facts.ok, scene.id).toBe(true);
      if (!facts.ok) continue;
      const access = scene.access();
      if (!access.ok) throw new Error(scene.id);
      const schedule = getSchedule(access.value);
      expect(facts.value.rounds).toBe(String(schedule.rounds));
      expect(facts.value.busiest).toBe(String(schedule.busiestBanks[0]));
      schedule.lanes.forEach((lane) => {
        if (lane.word !== null) expect(facts.value[`bank${lane.lane}`]).toBe(String(lane.bank));
      });
      if (scene.tile) {
        const tile = createTileLayout(scene.tile.pitch, scene.tile.layout);
        if (!tile.ok) throw new Error(scene.id);
        expect(facts.value.tileBytes).toBe(getTileFootprint(tile.value, scene.tile.rows, 4).bytes.toLocaleString('en'));
      }
    }
    const padding = program.find((p) => p.id === 'padding')!;
    expect(padding.beats.map((b) => b.text).join(' ')).toContain(
      '32 × 33 × 4 = 4,224 bytes instead of 4,096, 3.1% more',
    );
  });

  it('refuse a template that names an unknown fact', () => {
    expect(fillTemplate('{nope} rounds', { rounds: '1' })).toEqual({
      ok: false,
      error: { field: 'nope', reason: 'no fact called "nope"' },
    });
  });

  it('plan: every cue resolves to a timeline label, and each beat gets time to be read', () => {
    for (const entry of program) {
      const plan = planTimeline(getSchedule(entry.access), entry.beats);
      expect(plan.beats).toHaveLength(entry.beats.length);
      for (const beat of plan.beats) {
        expect(plan.labels[`beat-${beat.index}`]).toBe(beat.start);
        expect(beat.hold).toBeGreaterThanOrEqual(1.5);
      }
      const starts = plan.beats.map((b) => b.start);
      expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    }
  });

  it('ask questions whose answers come from the engine', () => {
    const everyOther = program.find((p) => p.id === 'every-other')!;
    expect(everyOther.question?.answer).toBe('1');
    const quiz = program.find((p) => p.id === 'try-it')!.quiz;
    expect(quiz.map((q) => q.answer)).toEqual(['32', '1', '1', 'yes']);
    expect(quiz.every((q) => q.exploreQuery?.startsWith('mode=explore&words='))).toBe(true);
  });

  it('point at the lines of the CUDA program that they talk about', () => {
    const lines = readFileSync(new URL('../../assets/readColumn.cu', import.meta.url), 'utf8').split('\n');
    expect(lines[CODE_LINES.shared - 1]).toContain('__shared__ float tile[kTile][kPitch]');
    expect(lines[CODE_LINES.fill - 1]).toContain('tile[row][lane] =');
    expect(lines[CODE_LINES.barrier - 1]).toContain('__syncthreads();');
    expect(lines[CODE_LINES.read - 1]).toContain('output[lane] = tile[lane][0];');
  });
});
