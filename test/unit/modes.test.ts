import { describe, expect, it } from 'vitest';
import { SCENES } from '../../scenes';
import { createSpec } from '../../src/engine';
import { createPlayerMachine, MODES, type ModeDefinition } from '../../src/player/playerMachine';
import { ManualTicker } from '../../src/player/Ticker';
import { PlayerSession } from '../../src/session/PlayerSession';
import { createPlayerSearch, readPlayerLink } from '../../src/session/playerUrl';
import { findModePart } from '../../src/ui/modeParts';
import { getModeButtons } from '../../src/ui/ModeSwitchView';

/**
 * A mode made up here, that no part of the product names: its table entry is all the mode switch,
 * links and the machine need (its panel would be its folder, `src/ui/sketch/`).
 */
const SKETCH: ModeDefinition = {
  id: 'sketch',
  label: 'Sketch',
  words: ['sketch', 'draw'],
  stage: 'shown',
  link: ['shape'],
  layout: 'wide',
  part: 'Sketch mode',
  prefetch: false,
  jump: 'The sketch ↓',
};
const TABLE: readonly ModeDefinition[] = [...MODES, SKETCH];

const startSession = (search: string, modes: readonly ModeDefinition[] = TABLE) =>
  new PlayerSession({ scenes: SCENES, modes, link: readPlayerLink(search, modes), ticker: new ManualTicker() }).start();

/** The session once booted (its boot settles on the next turn). */
async function booted(search: string, modes?: readonly ModeDefinition[]) {
  const session = startSession(search, modes);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return session;
}

describe('the mode table', () => {
  it('gives every word of mode= to one mode only', () => {
    const words = MODES.flatMap((m) => m.words);
    expect(new Set(words).size).toBe(words.length);
  });

  it('finds the panel of every built-in mode that has one in its folder', () => {
    for (const mode of MODES.filter((m) => m.part !== null)) expect(findModePart(mode)).toBeTypeOf('function');
  });

  it('names the file a mode’s panel lacks', () => {
    expect(() => findModePart(SKETCH)).toThrow('mode sketch has a part (Sketch mode) but no sketch/mountSketchMode.ts');
  });
});

describe('a mode added to the table, and nowhere else', () => {
  it('has its button in the mode switch, after the built-in ones', async () => {
    const session = await booted('');
    expect(getModeButtons(session).map((b) => b.label)).toEqual(['Lesson', 'Explore', 'Kernel', 'Puzzles', 'Sketch']);
    session.stop();
  });

  it('is opened by its button, and left again by the lesson’s, at the scene it was left', async () => {
    const session = await booted('?scene=padding');
    const [lesson, , , , sketch] = getModeButtons(session);
    session.send(sketch.command(session));
    expect(session.getSnapshot()).toMatchObject({ mode: 'sketch', stage: 'shown', state: 'paused' });
    session.send(lesson.command(session));
    expect(session.getSnapshot()).toMatchObject({ mode: 'lesson', entry: { id: 'padding' } });
    session.stop();
  });

  it('is a state of the player machine', () => {
    expect(createPlayerMachine(TABLE).getStateNodeById('player.ready.program.sketch').key).toBe('sketch');
    expect(() => createPlayerMachine(MODES).getStateNodeById('player.ready.program.sketch')).toThrow();
  });

  it('is read from a link by each of its words, with its own parameters and no moment', () => {
    const link = readPlayerLink('?mode=draw&shape=circle&t=3&lane=2', TABLE);
    expect(link).toMatchObject({ mode: 'sketch', link: { shape: 'circle' }, time: null, lanes: [], errors: [] });
    expect(createPlayerSearch(link, TABLE).toString()).toBe('mode=sketch&shape=circle');
  });

  it('is named among the words a bad mode= could have been', () => {
    expect(readPlayerLink('?mode=sketchy', TABLE).errors).toEqual([
      { field: 'mode', reason: 'must be explore, kernel, puzzles, sketch or walkthrough, not "sketchy"' },
    ]);
    // A player without it has no such mode.
    expect(readPlayerLink('?mode=sketch').errors[0].field).toBe('mode');
  });

  it('shows what its panel puts on stage, under its title, and says it in the address', async () => {
    const session = await booted('?mode=sketch&shape=circle');
    expect(session.getSnapshot().url.link).toEqual({ shape: 'circle' });
    const access = createSpec({ pattern: 'stride', stride: 4 });
    session.send({
      type: 'stage.show',
      mode: 'sketch',
      link: { shape: 'square' },
      shown: { access, title: 'A square' },
    });
    const shown = session.getSnapshot();
    expect(shown).toMatchObject({ mode: 'sketch', state: 'paused', entry: { title: 'A square' } });
    expect(shown.entry.spec).toBe(access);
    expect(createPlayerSearch(shown.url, TABLE).toString()).toBe('mode=sketch&shape=square');
    // Another mode's panel puts nothing on its stage.
    session.send({ type: 'stage.show', mode: 'kernel', link: { kernel: 'k' }, shown: { access, title: 'k' } });
    expect(session.getSnapshot().entry.title).toBe('A square');
    session.stop();
  });
});
