import { describe, expect, it } from 'vitest';
import { SCENES } from '../../scenes';
import { createCommandMessage, readCommand, type PlayerCommand } from '../../src/embed/playerMessages';
import { PlayerSession } from '../../src/session/PlayerSession';
import { parsePlayerUrl, readPlayerLink } from '../../src/session/playerUrl';
import { getCommandEvents } from '../../src/ui/EmbedBridge';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start(search: string) {
  const session = new PlayerSession({ scenes: SCENES, link: readPlayerLink(search) }).start();
  await tick();
  return session;
}

describe('the message API', () => {
  const commands: PlayerCommand[] = [
    { command: 'play' },
    { command: 'pause' },
    { command: 'seek', time: 12.5 },
    { command: 'seek', round: 3 },
    { command: 'goto', scene: 'padding' },
    { command: 'setSpeed', speed: 1.5 },
    { command: 'setCaptions', captions: false },
  ];
  it.each(commands)('reads the command %o back from its message', (command) => {
    expect(readCommand(createCommandMessage(command))).toEqual({ ok: true, value: command });
  });

  const message = (rest: object) => ({ api: 'bank-conflict-player', v: 1, ...rest });
  it.each([
    [null, 'must be an object'],
    ['play', 'must be an object'],
    [[1, 2], 'not an array'],
    [{ command: 'play' }, 'api must be'],
    [{ api: 'bank-conflict-player', v: 2, command: 'play' }, 'v must be 1'],
    [message({ command: 'stop' }), 'command must be one of'],
    [message({ command: 'toString' }), 'command must be one of'],
    [message({ command: 'play', time: 3 }), 'play takes no "time"'],
    [message({ command: 'seek' }), 'either a time'],
    [message({ command: 'seek', time: 1, round: 2 }), 'either a time'],
    [message({ command: 'seek', time: '3' }), 'finite number'],
    [message({ command: 'seek', time: Number.NaN }), 'finite number'],
    [message({ command: 'seek', time: -1 }), 'must not be negative'],
    [message({ command: 'seek', round: 2.5 }), 'whole number'],
    [message({ command: 'goto', scene: 4 }), "scene's id"],
    [message({ command: 'setSpeed', speed: Infinity }), 'finite number'],
    [message({ command: 'setCaptions', captions: 'off' }), 'true or false'],
  ])('refuses %o, saying why', (data, reason) => {
    const read = readCommand(data);
    expect(read.ok).toBe(false);
    expect(read.ok ? '' : read.reason).toContain(reason);
  });
});

describe('commands on a session', () => {
  it('refuses what the scene on stage cannot do, naming the limit', async () => {
    const session = await start('?scene=column-read');
    const ids = session.program.map((p) => p.id);
    const { plan } = session.getSnapshot();
    const reason = (command: PlayerCommand) => {
      const result = getCommandEvents(command, session.getSnapshot(), ids);
      return 'reason' in result ? result.reason : null;
    };
    expect(reason({ command: 'seek', time: plan.duration + 1 })).toContain(`lasts ${plan.duration.toFixed(2)} s`);
    expect(reason({ command: 'seek', round: plan.schedule.rounds + 1 })).toContain(`${plan.schedule.rounds} rounds`);
    expect(reason({ command: 'goto', scene: 'nowhere' })).toContain('there is no scene "nowhere"');
    expect(reason({ command: 'setSpeed', speed: 3 })).toContain('from 0.25 to 2');
    expect(reason({ command: 'seek', round: plan.schedule.rounds })).toBeNull();
    session.stop();
  });

  it('goes from Explore back to the lesson for a goto', async () => {
    const session = await start('?mode=explore&pattern=column&pitch=33&predict=off');
    const result = getCommandEvents({ command: 'goto', scene: 'padding' }, session.getSnapshot(), ['banks', 'padding']);
    expect(result).toEqual({ events: [{ type: 'lesson.open' }, { type: 'scene.goto', index: 1 }] });
    for (const event of 'events' in result ? result.events : []) session.send(event);
    expect(session.getSnapshot()).toMatchObject({ mode: 'lesson', index: 1 });
    session.stop();
  });

  it('with end=scene, a step past the last beat stays in the scene and says the player has ended', async () => {
    const session = await start('?scene=banks&end=scene');
    const ended: unknown[] = [];
    session.on('ended', (e) => ended.push(e));
    const { plan } = session.getSnapshot();
    session.send({ type: 'playback.seek', time: plan.beats.at(-1)!.start });
    session.send({ type: 'beat.next' });
    await tick();
    expect(ended).toEqual([{ index: 0, stepped: true }]);
    expect(session.getSnapshot().entry.id).toBe('banks');
    session.stop();
  });

  it('without it, the same step goes on to the next scene and nothing has ended', async () => {
    const session = await start('?scene=banks');
    const ended: unknown[] = [];
    session.on('ended', (e) => ended.push(e));
    session.send({ type: 'playback.seek', time: session.getSnapshot().plan.beats.at(-1)!.start });
    session.send({ type: 'beat.next' });
    await tick();
    expect(ended).toEqual([]);
    expect(session.getSnapshot().index).toBe(1);
    session.stop();
  });
});

describe('embed links', () => {
  it('read the origins allowed to drive the player, and keep them', () => {
    const url = parsePlayerUrl(
      '?embed&origin=https://course.example,http://localhost:8000/&end=scene&captions=off',
      [],
    );
    expect(url).toMatchObject({
      embed: true,
      origins: ['https://course.example', 'http://localhost:8000'],
      end: 'scene',
      captions: false,
      errors: [],
    });
  });

  it.each(['javascript:alert(1)', 'https://course.example/week3', '*', 'course.example', 'ftp://files.example'])(
    'refuse the origin %s by name, allowing none',
    (origin) => {
      const url = parsePlayerUrl(`?embed&origin=${encodeURIComponent(origin)}`, []);
      expect(url.origins).toEqual([]);
      expect(url.errors).toEqual([
        { field: 'origin', reason: expect.stringContaining(`not "${origin}"`) as unknown as string },
      ]);
    },
  );
});
