import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSpecRequest, ELEMENT_BYTES, getSchedule, readWrittenSpec, type ElementType } from '../../src/engine';
import { simulateWide } from '../support/naiveWideModel';
import { unwrap } from '../unwrap';

const TYPES: readonly ElementType[] = ['char', 'half', 'float', 'double', 'float4'];

/**
 * 32 lanes' element indices and an element type: some lanes inactive, whole groups of 8 often
 * (so that wide elements leave phases empty), one lane at least active.
 */
const input = fc
  .record({
    type: fc.constantFrom(...TYPES),
    indices: fc.array(fc.option(fc.nat(300), { nil: null, freq: 4 }), { minLength: 32, maxLength: 32 }),
    emptyGroups: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  })
  .map(({ type, indices, emptyGroups }) => ({
    type,
    indices: indices.map((index, lane) => (emptyGroups[lane >> 3] ? null : index)),
  }))
  .filter(({ indices }) => indices.some((i) => i !== null));

/** The engine's schedule of a word list, read as a lesson writes it. */
const scheduleOf = (type: ElementType, indices: readonly (number | null)[]) =>
  getSchedule(unwrap(createSpecRequest(unwrap(readWrittenSpec({ pattern: 'list', words: indices, type })))));

const naiveOf = (type: ElementType, indices: readonly (number | null)[]) =>
  simulateWide({
    indices,
    elementBytes: ELEMENT_BYTES[type],
    op: 'load',
    matrices: 1,
    block: [32, 1, 1],
    warp: 0,
    swizzle: null,
  });

// The counts the views once worked out for themselves, against the naive model's words and phases.
describe('the schedule’s counts agree with a naive model', () => {
  it('the banks in use: every bank one of its words falls in', () => {
    fc.assert(
      fc.property(input, ({ type, indices }) => {
        const naive = naiveOf(type, indices);
        expect(scheduleOf(type, indices).usedBanks).toBe(new Set(naive.wordsOfLane.flat().map((w) => w % 32)).size);
      }),
    );
  });

  it('the banks each phase asks, and the distinct words over every phase', () => {
    fc.assert(
      fc.property(input, ({ type, indices }) => {
        const naive = naiveOf(type, indices);
        const schedule = scheduleOf(type, indices);
        for (const phase of schedule.phases) {
          const banks = naive.wordsOfLane.flatMap((words, lane) =>
            naive.phaseOfLane[lane] === phase.phase ? words.map((w) => w % 32) : [],
          );
          expect(phase.usedBanks, `phase ${phase.phase}`).toBe(new Set(banks).size);
        }
        expect(schedule.distinctWords).toBe(new Set(naive.wordsOfLane.flat()).size);
      }),
    );
  });

  it('the longest queue: the distinct words a bank is asked for in each phase, added over the phases', () => {
    fc.assert(
      fc.property(input, ({ type, indices }) => {
        const naive = naiveOf(type, indices);
        const asked = new Map<number, Set<string>>();
        naive.wordsOfLane.forEach((words, lane) => {
          for (const word of words) {
            const bank = asked.get(word % 32) ?? new Set();
            asked.set(word % 32, bank.add(`${naive.phaseOfLane[lane]}:${word}`));
          }
        });
        const longest = Math.max(0, ...[...asked.values()].map((words) => words.size));
        expect(scheduleOf(type, indices).longestQueue).toBe(longest);
      }),
    );
  });

  it('each lane’s banks, one per word, and the most words a lane touches', () => {
    fc.assert(
      fc.property(input, ({ type, indices }) => {
        const naive = naiveOf(type, indices);
        const schedule = scheduleOf(type, indices);
        expect(schedule.lanes.map((l) => [...l.banks])).toEqual(naive.wordsOfLane.map((ws) => ws.map((w) => w % 32)));
        expect(schedule.laneWords).toBe(Math.max(...naive.wordsOfLane.map((ws) => ws.length)));
      }),
    );
  });

  it('conflict-free exactly when every phase that carries a request takes one round', () => {
    fc.assert(
      fc.property(input, ({ type, indices }) => {
        const naive = naiveOf(type, indices);
        expect(scheduleOf(type, indices).conflictFree).toBe(naive.rounds === naive.phasesCarrying);
      }),
    );
  });

  it('each phase’s place among those that carry a request; an empty phase has none', () => {
    fc.assert(
      fc.property(input, ({ type, indices }) => {
        const naive = naiveOf(type, indices);
        const carrying = [...new Set(naive.phaseOfLane.filter((p) => p !== null))].sort((a, b) => a! - b!);
        expect(scheduleOf(type, indices).phases.map((p) => p.ordinal)).toEqual(
          scheduleOf(type, indices).phases.map((p) =>
            carrying.includes(p.phase) ? carrying.indexOf(p.phase) + 1 : null,
          ),
        );
        expect(scheduleOf(type, indices).activePhases).toBe(carrying.length);
      }),
    );
  });
});
