import { describe, expect, it } from 'vitest';
import {
  createBroadcastAccess,
  createColumnAccess,
  createFirstLanesMask,
  createRowAccess,
  createStridedAccess,
  getSchedule,
  type Access,
  type Result,
} from '../../src/engine';
import { unwrap } from '../unwrap';

const roundsOf = (access: Result<Access>) => getSchedule(unwrap(access)).rounds;

describe('the lesson’s worked example: a column read, lanes 0–7', () => {
  const table = {
    32: { words: [0, 32, 64, 96, 128, 160, 192, 224], banks: [0, 0, 0, 0, 0, 0, 0, 0] },
    33: { words: [0, 33, 66, 99, 132, 165, 198, 231], banks: [0, 1, 2, 3, 4, 5, 6, 7] },
  } as const;

  for (const pitch of [32, 33] as const) {
    it(`gives the table’s words and banks at pitch ${pitch}`, () => {
      const schedule = getSchedule(unwrap(createColumnAccess({ col: 0, pitch })));
      const firstEight = schedule.lanes.slice(0, 8);
      expect(firstEight.map((l) => l.word)).toEqual(table[pitch].words);
      expect(firstEight.map((l) => l.bank)).toEqual(table[pitch].banks);
    });
  }

  it('pitch 32 puts 32 distinct words in bank 0: 32 rounds, bank 0 the busiest', () => {
    const s = getSchedule(unwrap(createColumnAccess({ col: 0, pitch: 32 })));
    expect(s.rounds).toBe(32);
    expect(s.busiestBanks).toEqual([0]);
    expect(s.banks[0].queue.map((q) => q.word)).toEqual(Array.from({ length: 32 }, (_, i) => i * 32));
    expect(s.lanes.map((l) => l.round)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
  });

  it('pitch is the allocated words per row: 32 useful columns at pitch 33 read words lane × 33', () => {
    const padded = unwrap(createColumnAccess({ col: 0, cols: 32, pitch: 33 }));
    expect([...padded]).toEqual(Array.from({ length: 32 }, (_, lane) => lane * 33));
  });
});

describe('the lesson’s experiments', () => {
  it('row read: 1 round', () => expect(roundsOf(createRowAccess({ row: 0, pitch: 32 }))).toBe(1));
  it('column at pitch 32: 32 rounds', () => expect(roundsOf(createColumnAccess({ col: 0, pitch: 32 }))).toBe(32));
  it('column at pitch 33: 1 round', () => expect(roundsOf(createColumnAccess({ col: 0, pitch: 33 }))).toBe(1));
  it('column with an XOR swizzle: 1 round, no extra words', () => {
    const access = unwrap(createColumnAccess({ col: 5, pitch: 32, layout: 'xor' }));
    expect(getSchedule(access).rounds).toBe(1);
    expect(Math.max(...access.map((w) => w ?? 0))).toBeLessThan(32 * 32);
  });
  it('broadcast: 1 round although every lane uses bank 0', () => {
    const s = getSchedule(unwrap(createBroadcastAccess({ word: 0 })));
    expect(s.rounds).toBe(1);
    expect(s.banks[0].requests).toBe(32);
    expect(s.lanes[5].sharers).toHaveLength(31);
  });
  it('every other word with 16 lanes: 1 round; with all 32 lanes: 2', () => {
    const sixteen = unwrap(createFirstLanesMask(16));
    expect(roundsOf(createStridedAccess({ stride: 2, mask: sixteen }))).toBe(1);
    expect(roundsOf(createStridedAccess({ stride: 2 }))).toBe(2);
  });
});
