import { describe, expect, it } from 'vitest';
import { SCENES, type Scene } from '../../scenes';
import { createSceneAccess } from '../../scenes/getSceneFacts';
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

  it('further-limits: links every source to NVIDIA’s own documentation or code', () => {
    const links = (scene('further-limits').references ?? []).map((r) => new URL(r.href));
    expect(links.map((u) => u.pathname.split('/')[1] ?? '')).toContain('cuda');
    for (const url of links)
      expect(url.href, url.href).toMatch(/^https:\/\/(docs\.nvidia\.com\/|github\.com\/NVIDIA\/)/);
  });
});
