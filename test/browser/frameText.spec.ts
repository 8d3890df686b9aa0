import { expect, test } from '@playwright/test';
import { SCENES } from '../../scenes';
import { getSchedule } from '../../src/engine';
import { createProgram } from '../../src/program/createProgram';
import { PANEL_ROOM } from '../../src/stage/stageGeometry';
import { planTimeline, READING_SPEEDS } from '../../src/timeline/planTimeline';
import { type DrawnText, readDrawnText, watchPixi } from './drawnText';
import { openPlayer } from './player';

const program = createProgram(SCENES);

// Every built-in scene presented at 1920×1080, at each of its beats: no text in the frame under
// 20 px (the panels', the stage's words and labels, the caption), the panel the caption points at
// there, the panel column as wide as its room, and the worked example's numbers apart.
for (const entry of program) {
  test(`${entry.id}: every text of its presented frame is at least 20 px tall at 1080p, at every beat`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await watchPixi(page);
    const plan = planTimeline(getSchedule(entry.access), entry.beats, READING_SPEEDS.normal);
    // One visit, stepped as a presenter would: End, then the clicker's PageUp back through each
    // moment a beat starts (reloading at each beat's link cost a page load a beat).
    await openPlayer(page, `scene=${entry.id}&present`);
    if (entry.asksQuestion) {
      // A scene that asks shows its question to the room over its start first; the clicker reveals
      // the answer, and the scene asks no more.
      await expect(page.locator('.player')).toHaveClass(/is-predicting/);
      await expect(page.getByTestId('stage')).toHaveAttribute('data-painted-time', '0');
      const { texts } = await readDrawnText(page);
      const small = texts.filter((t) => t.size < 20).map((t) => `${t.path.join('/')} "${t.text}" ${t.size}`);
      expect(small, 'the question asked: texts under 20 px').toEqual([]);
      await page.keyboard.press('PageDown');
      await expect(page.locator('.player')).not.toHaveClass(/is-predicting/);
    }
    await page.keyboard.press('End');
    const starts = [...new Set(plan.beats.map((b) => b.start))].sort((a, b) => b - a);
    for (const start of starts) {
      await page.keyboard.press('PageUp');
      await expect(page.getByTestId('stage')).toHaveAttribute('data-painted-time', String(start));
      const drawn = await readDrawnText(page);
      for (const beat of plan.beats.filter((b) => b.start === start)) checkBeat(beat, drawn);
    }
    function checkBeat(
      beat: (typeof plan.beats)[number],
      { texts, panelWidth }: { texts: DrawnText[]; panelWidth: number },
    ): void {
      const at = `beat ${beat.index + 1} (${beat.cue})`;
      const small = texts
        .filter((t) => t.size < 20)
        .map((t) => `${t.path.join('/') || 'stage'} "${t.text}" ${t.size.toFixed(1)} px`);
      expect(small, `${at}: texts under 20 px`).toEqual([]);
      if (entry.panels.length > 0) {
        expect(panelWidth, `${at}: the panel column's width`).toBeGreaterThan(PANEL_ROOM * 0.85);
        if (beat.panel)
          expect(
            texts.some((t) => t.path[1] === beat.panel),
            `${at}: the ${beat.panel} panel`,
          ).toBe(true);
      }
      // Numbers side by side on a line of the worked example leave room between them.
      const cells = texts.filter((t) => t.path[1] === 'table' && /^[\d·]+$/.test(t.text)).map((t) => t.box);
      for (const a of cells)
        for (const b of cells) {
          const sameLine = Math.abs(a.y - b.y) < a.height / 2;
          if (a !== b && sameLine && a.x < b.x)
            expect(b.x - (a.x + a.width), `${at}: numbers apart`).toBeGreaterThan(8);
        }
    }
  });
}
