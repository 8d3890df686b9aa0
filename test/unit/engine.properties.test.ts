import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAccess, createBankModel, getSchedule, type Access, type BankModel } from '../../src/engine';

/**
 * A deliberately naive model of the hardware: every round, each bank looks at its pending
 * requests, serves the word of the lowest pending lane, and every pending lane asking for that same
 * word receives it. It shares no code with the engine.
 */
function simulate(words: readonly (number | null)[], banks: number) {
  const pending = new Set<number>();
  words.forEach((w, lane) => w !== null && pending.add(lane));
  const roundOfLane: (number | null)[] = words.map(() => null);
  const served: { bank: number; word: number; lanes: number[] }[][] = [];
  while (pending.size > 0) {
    const round: { bank: number; word: number; lanes: number[] }[] = [];
    for (let bank = 0; bank < banks; bank++) {
      const asking = [...pending].filter((lane) => words[lane]! % banks === bank).sort((a, b) => a - b);
      if (asking.length === 0) continue;
      const word = words[asking[0]]!;
      const lanes = asking.filter((lane) => words[lane] === word);
      lanes.forEach((lane) => {
        pending.delete(lane);
        roundOfLane[lane] = served.length + 1;
      });
      round.push({ bank, word, lanes });
    }
    served.push(round);
  }
  return { rounds: served.length, roundOfLane, served };
}

const word = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 96 }) }, // small: many repeats and shared banks
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 ** 20 - 1 }) }, // large indices
);
const lanes = fc.array(fc.option(word, { nil: null, freq: 4 }), { minLength: 1, maxLength: 32 });
const accessArb = lanes.filter((ws) => ws.some((w) => w !== null));

function access(ws: (number | null)[]): Access {
  const r = createAccess(ws);
  if (!r.ok) throw new Error(r.error.reason);
  return r.value;
}

describe('the schedule agrees with a naive round-by-round simulation', () => {
  it('on rounds, every lane’s round, and what each bank serves each round', () => {
    fc.assert(
      fc.property(accessArb, (ws) => {
        const s = getSchedule(access(ws));
        const sim = simulate(access(ws), 32);
        expect(s.rounds).toBe(sim.rounds);
        expect(s.lanes.map((l) => l.round)).toEqual(sim.roundOfLane);
        expect(s.perRound.map((r) => r.services.map((x) => ({ ...x, lanes: [...x.lanes] })))).toEqual(sim.served);
      }),
      { numRuns: 3000 },
    );
  });

  it('for other bank counts too', () => {
    fc.assert(
      fc.property(accessArb, fc.integer({ min: 1, max: 64 }), (ws, banks) => {
        const model = createBankModel(banks, 4);
        if (!model.ok) throw new Error(model.error.reason);
        const s = getSchedule(access(ws), model.value as BankModel);
        expect(s.rounds).toBe(simulate(access(ws), banks).rounds);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps its own invariants', () => {
    fc.assert(
      fc.property(accessArb, (ws) => {
        const s = getSchedule(access(ws));
        const active = s.lanes.filter((l) => l.active);
        // Every active lane is served exactly once, in a round within range.
        const servedLanes = s.perRound.flatMap((r) => r.services.flatMap((x) => x.lanes)).sort((a, b) => a - b);
        expect(servedLanes).toEqual(active.map((l) => l.lane));
        // A bank serves at most one word a round, and the busiest bank sets the count.
        for (const r of s.perRound) expect(new Set(r.services.map((x) => x.bank)).size).toBe(r.services.length);
        for (const b of s.busiestBanks) expect(s.banks[b].queue.length).toBe(s.rounds);
        // Sharers are exactly the other lanes with the same word.
        for (const l of active) {
          expect([...l.sharers].sort((a, b) => a - b)).toEqual(
            active.filter((o) => o.word === l.word && o.lane !== l.lane).map((o) => o.lane),
          );
        }
      }),
      { numRuns: 1000 },
    );
  });
});
