import { describe, expect, it } from 'vitest';
import { SCENES, type Scene } from '../../scenes';
import { createSceneAccess, getSceneFacts } from '../../scenes/getSceneFacts';
import { getSchedule, getSpecTile, getTileFootprint, getTileRows, type Schedule } from '../../src/engine';
import { unwrap } from '../unwrap';

// What each scene of Going further teaches, asked of the engine from the scene's own accesses:
// the narration's numbers are facts (checked in scenes.test.ts); these are the claims around them.
const scene = (id: string) => SCENES.find((s) => s.id === id)!;
const scheduleOf = (written: Scene['access']): Schedule => getSchedule(unwrap(createSceneAccess(written)).access);
const compared = (s: Scene, name: string) => scheduleOf(s.compare![name]);

describe('Going further', () => {
  it('wide-phases: a conflict-free float4 row read takes one round a phase, four phases of eight lanes', () => {
    const s = scheduleOf(scene('wide-phases').access);
    expect(s.phases.map((p) => p.rounds)).toEqual([1, 1, 1, 1]);
    expect(s.request.lanesPerPhase * 16).toBe(128);
    expect(compared(scene('wide-phases'), 'floats').rounds).toBe(1);
  });

  it('vector-padding: a float4 column of tile[32][8] queues in one bank a phase; one element of padding a row takes 4 rounds', () => {
    const s = scene('vector-padding');
    const unpadded = compared(s, 'unpadded');
    expect(unpadded.rounds).toBe(32);
    expect(unpadded.phases.every((p) => p.rounds === 8)).toBe(true);
    const padded = scheduleOf(s.access);
    expect(padded.rounds).toBe(padded.activePhases);
    // Padding by a whole element keeps every lane's float4 on a 16-byte boundary.
    expect(padded.lanes.filter((l) => l.address !== null).map((l) => l.address! % 16)).toEqual(
      Array.from({ length: 32 }, () => 0),
    );
  });

  it('half-precision: neighbouring halves share a word (one round), a column of 64-half rows still queues 32 words', () => {
    const s = scene('half-precision');
    const row = scheduleOf(s.access);
    expect(row.rounds).toBe(1);
    expect(row.lanes[0].word).toBe(row.lanes[1].word);
    expect(new Set(row.lanes.map((l) => l.word)).size).toBe(16);
    expect(compared(s, 'column').rounds).toBe(32);
  });

  it('thread-block: every warp of the 32×8 block takes 32 rounds unpadded and 1 padded', () => {
    const s = scene('thread-block');
    for (let warp = 0; warp < 8; warp++) {
      expect(scheduleOf({ ...s.access, warp }).rounds, `warp ${warp}`).toBe(32);
      expect(scheduleOf({ ...s.compare!.padded, warp }).rounds, `warp ${warp}, padded`).toBe(1);
    }
    // Warp 3 is the block's row threadIdx.y = 3: threads 96 to 127.
    const warp3 = scheduleOf(s.access);
    expect(warp3.lanes.map((l) => l.thread)).toEqual(Array.from({ length: 32 }, (_, x) => ({ x, y: 3, z: 0 })));
  });

  it('swizzle: Swizzle<5,0,5> reads the column in one round with no padding, where padding spends a word a row', () => {
    const s = scene('swizzle');
    expect(scheduleOf(s.access).rounds).toBe(1);
    expect(compared(s, 'plain').rounds).toBe(32);
    const bytes = (written: Scene['access']) => {
      const { spec, access } = unwrap(createSceneAccess(written));
      const tile = unwrap(getSpecTile(spec)!);
      return getTileFootprint(tile, getTileRows(tile, access.elements), 4).paddingBytes;
    };
    expect(bytes(s.access)).toBe(0);
    expect(bytes(s.compare!.padded)).toBe(32 * 4);
  });

  it('ldmatrix: x4 over half tile[8][64] takes 32 rounds plain and 4 with Swizzle<3,3,3>', () => {
    const s = scene('ldmatrix');
    expect(compared(s, 'plain').rounds).toBe(32);
    const swizzled = scheduleOf(s.access);
    expect(swizzled.rounds).toBe(4);
    expect(swizzled.phases.map((p) => p.rounds)).toEqual([1, 1, 1, 1]);
  });

  it('stores: lanes storing to one word race; lanes storing apart do not', () => {
    const s = scene('stores');
    const paired = scheduleOf(s.access);
    expect(paired.racing).toEqual(Array.from({ length: 32 }, (_, lane) => lane));
    expect(compared(s, 'apart').racing).toEqual([]);
  });

  it('stores: lanes 2i and 2i + 1 store to word i, so only words 0 to 15 are written', () => {
    const paired = scheduleOf(scene('stores').access);
    expect(paired.lanes.map((l) => l.word)).toEqual(Array.from({ length: 32 }, (_, lane) => Math.floor(lane / 2)));
    expect(new Set(paired.lanes.map((l) => l.word))).toEqual(new Set(Array.from({ length: 16 }, (_, w) => w)));
  });

  // Each fact a sentence quotes is its own number, worked out here by hand from the scene's access.
  const facts = (id: string) => unwrap(getSceneFacts(scene(id)));

  it('a phase’s bank count is its own: a float4 read with phase 2 all on element 0 asks 4 banks there, 32 in all', () => {
    const f = unwrap(
      getSceneFacts({
        ...scene('wide-phases'),
        access: { pattern: 'list', words: [0, 1, 2, 3, 4, 5, 6, 7, 0, 0, 0, 0, 0, 0, 0, 0], type: 'float4' },
      }),
    );
    // Phase 1: lanes 0–7 read elements 0–7, words 0–31; phase 2: lanes 8–15 all read words 0–3.
    expect([f.phaseBanks1, f.phaseBanks2, f.usedBanks]).toEqual(['32', '4', '32']);
  });

  it('vector-padding: the first phase alone asks all 32 banks; an unpadded row is 128 bytes; padding is 12.5 % more than the useful bytes', () => {
    const f = facts('vector-padding');
    // Pitch 9 float4s = 36 words: lane i (of 0–7) starts at word 36i, bank 4i, and covers 4 words.
    expect(f.phaseBanks1).toBe('32');
    // 8 float4s × 16 bytes = 128 bytes, the 32 banks × 4 bytes of one word each.
    expect([f['unpadded.pitchBytes'], f.bankBytes]).toEqual(['128', '128']);
    // 32 rows × 8 useful float4s × 16 bytes = 4,096 useful; 32 × 1 × 16 = 512 padding: 512 / 4,096.
    expect([f.usefulBytes, f.paddingBytes, f.overheadPercent]).toEqual(['4,096', '512', '12.5']);
  });

  it('half-precision: 32 halves share 16 words in 16 banks, leaving 16 idle; a 64-half row is 128 bytes', () => {
    const f = facts('half-precision');
    expect([f.distinctWords, f.usedBanks, f.idleBanks]).toEqual(['16', '16', '16']);
    expect(f['column.pitchBytes']).toBe('128');
  });

  it('ldmatrix: a row of half tile[8][64] is 128 bytes; unswizzled, matrix 1 starts in bank 4; swizzled, matrix 0 covers every bank', () => {
    const f = facts('ldmatrix');
    expect(f.sharedRowBytes).toBe('128');
    // Lane 8 gives tile[0][8]: 8 halves = 16 bytes in, word 4, bank 4.
    expect([f['plain.bank0'], f['plain.bank8']]).toEqual(['0', '4']);
    // Eight 16-byte rows, each in its own chunk of a 128-byte row: 8 × 4 words, one a bank.
    expect(f.phaseBanks1).toBe('32');
  });

  it('thread-block: the block is 32 threads wide in x, so a warp is one row of it', () => {
    expect(facts('thread-block').blockX).toBe('32');
  });

  it('further-limits: links every source to NVIDIA’s own documentation or code', () => {
    const links = (scene('further-limits').references ?? []).map((r) => new URL(r.href));
    expect(links.map((u) => u.pathname.split('/')[1] ?? '')).toContain('cuda');
    for (const url of links)
      // The pair rule's source is an answer on NVIDIA's own developer forums.
      expect(url.href, url.href).toMatch(
        /^https:\/\/(docs\.nvidia\.com\/|github\.com\/NVIDIA\/|forums\.developer\.nvidia\.com\/)/,
      );
  });
});
