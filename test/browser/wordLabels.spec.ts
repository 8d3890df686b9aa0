import { expect, test, type Page } from '@playwright/test';
import { SCENES } from '../../scenes';
import { getSchedule } from '../../src/engine';
import { createProgram } from '../../src/program/createProgram';
import { COMPOSED_SCALE, LABEL_SIZE } from '../../src/stage/stageGeometry';
import { planTimeline, READING_SPEEDS } from '../../src/timeline/planTimeline';
import { readDrawnText, watchPixi, type DrawnText } from './drawnText';
import { openPlayer, revealToRoom } from './player';

const program = createProgram(SCENES);

/** The words written on the stage's requests at `t`, each as its em box (glyphs lie inside it). */
async function readWords(page: Page, query: string, t: number): Promise<DrawnText[]> {
  await openPlayer(page, `${query}&t=${t}`);
  await expect(page.getByTestId('stage')).toHaveAttribute('data-painted-time', String(t));
  const { texts } = await readDrawnText(page);
  return texts
    .filter((text) => text.path.includes('requests'))
    .map((text) => {
      const middle = text.box.y + text.box.height / 2;
      return { ...text, box: { ...text.box, y: middle - text.size / 2, height: text.size } };
    });
}

/** Pairs of words written over one another (their em boxes overlapping by more than a pixel). */
function findOverlaps(words: readonly DrawnText[]): string[] {
  const over = (a: DrawnText['box'], b: DrawnText['box']) =>
    a.x + 1 < b.x + b.width && b.x + 1 < a.x + a.width && a.y + 1 < b.y + b.height && b.y + 1 < a.y + a.height;
  return words.flatMap((a, i) =>
    words.slice(i + 1).flatMap((b) => (over(a.box, b.box) ? [`${a.text}×${b.text}`] : [])),
  );
}

/** Every word's height, as a set: one size for all of them. */
const sizesOf = (words: readonly DrawnText[]) => [...new Set(words.map((word) => Number(word.size.toFixed(1))))];

const beatsOf = (id: string) => {
  const entry = program.find((p) => p.id === id)!;
  return planTimeline(getSchedule(entry.access), entry.beats, READING_SPEEDS.normal).beats;
};

test('a float4 read: each lane’s four words fly as one labelled stack, no word over another, all at the lane numbers’ size', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await watchPixi(page);
  const query = 'mode=explore&predict=off&pattern=row&type=float4';
  let most = 0;
  for (let t = 0.5; t <= 2.5; t += 0.25) {
    const words = await readWords(page, query, t);
    expect(findOverlaps(words), `at ${t} s`).toEqual([]);
    if (words.length > 0) expect(sizesOf(words), `at ${t} s`).toEqual([LABEL_SIZE]);
    most = Math.max(most, words.length);
  }
  // Landed, every one of the 128 words is written in its bank.
  expect(most).toBe(128);
});

for (const id of ['padding', 'vector-padding', 'wide-phases']) {
  test(`${id}, presented: its words in flight and queued are written whole, at the lane numbers’ size whatever their digits`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await watchPixi(page);
    const moments = beatsOf(id).filter((beat) => beat.cue === 'flights' || beat.cue === 'queued');
    expect(moments.length).toBeGreaterThan(0);
    // A scene that asks shows its question first; answered to the room, its links go to their moment.
    if (program.find((p) => p.id === id)!.asksQuestion) await revealToRoom(page, id);
    for (const { start, cue } of moments) {
      const words = await readWords(page, `scene=${id}&present`, start);
      expect(words.length, cue).toBeGreaterThan(0);
      expect(findOverlaps(words), cue).toEqual([]);
      // The presented frame draws the stage at COMPOSED_SCALE: lane numbers are LABEL_SIZE there.
      expect(sizesOf(words), cue).toEqual([Number((LABEL_SIZE * COMPOSED_SCALE).toFixed(1))]);
    }
  });
}

/** Each word written on a token now, with whether it lies wholly on its token's body (its dark digits read only there). */
async function readServedWords(page: Page): Promise<{ text: string; onBody: boolean }[]> {
  return page.evaluate(() => {
    type Node = {
      visible: boolean;
      label: string;
      text?: string;
      children: Node[];
      getBounds(): { x: number; y: number; width: number; height: number };
    };
    const renderers = (window as unknown as { __renderers: { lastObjectRendered: Node }[] }).__renderers;
    const find = (node: Node): Node | null =>
      node.label === 'requests' ? node : node.children.reduce<Node | null>((hit, c) => hit ?? find(c), null);
    const layer = find(renderers.at(-1)!.lastObjectRendered)!;
    return layer.children
      .filter((token) => token.visible)
      .flatMap((token) => {
        const [body, , label] = token.children;
        if (!label.visible || !label.text) return [];
        const b = body.getBounds();
        const l = label.getBounds();
        const onBody = l.x >= b.x - 0.5 && l.x + l.width <= b.x + b.width + 0.5;
        return [{ text: label.text, onBody }];
      });
  });
}

for (const [width, height] of [
  [1280, 720],
  [1920, 1080],
]) {
  test(`at ${width}×${height} a served four-digit word beside empty banks is written whole on its token`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await watchPixi(page);
    // Lanes 8 words apart: round 2 serves 1056, 1064, 1072 and 1080 in banks 0, 8, 16 and 24, their neighbours empty.
    await openPlayer(page, 'mode=explore&pattern=expr&expr=1024%2Blane*8&predict=off&round=2');
    await expect(page.getByTestId('stage')).toHaveAttribute('data-painted-time', /\d/);
    await expect.poll(async () => (await readServedWords(page)).some((w) => w.text === '1056')).toBe(true);
    const words = await readServedWords(page);
    expect(words.filter((w) => !w.onBody).map((w) => w.text)).toEqual([]);
  });
}
