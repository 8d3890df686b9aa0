import { describe, expect, it } from 'vitest';
import { getPageHeight, planFramePages } from '../../src/stage/panels/planFramePages';

const ROOM = 1000;
const GAP = 36;

describe('planFramePages: a column of panels too tall for the frame, a page at a time', () => {
  it('shows everything on one page, at every beat, when it fits', () => {
    const { pages, byBeat } = planFramePages([{ height: 400 }, { height: 500 }], ROOM, GAP, [null, 1, null]);
    expect(pages).toEqual([
      [
        { panel: 0, from: 0, to: 400 },
        { panel: 1, from: 0, to: 500 },
      ],
    ]);
    expect(byBeat).toEqual([0, 0, 0]);
  });

  // The swizzle scene's tile, table and takeaways (its question held apart while it is asked).
  const blocks = [{ height: 800 }, { height: 430 }, { height: 360 }];
  const beats = [0, 0, 1, 0, null, null];

  it('never puts more on a page than it holds, and keeps panels whole and in order', () => {
    const { pages } = planFramePages(blocks, ROOM, GAP, beats);
    for (const page of pages) expect(getPageHeight(page, GAP)).toBeLessThanOrEqual(ROOM);
    expect(pages.flat().map((slice) => slice.panel)).toEqual([0, 1, 2]);
    expect(pages.flat().every((slice) => slice.from === 0 && slice.to === blocks[slice.panel].height)).toBe(true);
  });

  it('shows the page of the panel each caption points at while it shows, and every page at some beat', () => {
    const { pages, byBeat } = planFramePages(blocks, ROOM, GAP, beats);
    beats.forEach((panel, beat) => {
      if (panel !== null) expect(pages[byBeat[beat]].some((slice) => slice.panel === panel)).toBe(true);
    });
    expect(new Set(byBeat).size).toBe(pages.length);
  });

  it('gives the pages no caption points at to the last beats that point at none, in order', () => {
    const { pages, byBeat } = planFramePages([{ height: 700 }, { height: 700 }, { height: 700 }], ROOM, GAP, [
      null,
      0,
      null,
      null,
      null,
    ]);
    expect(pages).toHaveLength(3);
    // Before the first caption that points, its page; after it, its page until the last free beats.
    expect(byBeat).toEqual([0, 0, 0, 1, 2]);
  });

  it('cuts a panel taller than a page between its items, each piece no taller than a page', () => {
    const breaks = [300, 600, 900, 1200];
    const { pages, byBeat } = planFramePages([{ height: 1350, breaks }], ROOM, GAP, [null, null, null]);
    expect(pages).toEqual([[{ panel: 0, from: 0, to: 900 }], [{ panel: 0, from: 900, to: 1350 }]]);
    expect(byBeat).toEqual([0, 0, 1]);
  });

  it('shrinks nothing it can cut, and shows a piece it cannot cut whole on a page of its own', () => {
    const { pages } = planFramePages([{ height: 200 }, { height: 1300, breaks: [1250] }], ROOM, GAP, []);
    expect(pages).toEqual([
      [{ panel: 0, from: 0, to: 200 }],
      [{ panel: 1, from: 0, to: 1250 }],
      [{ panel: 1, from: 1250, to: 1300 }],
    ]);
  });
});
