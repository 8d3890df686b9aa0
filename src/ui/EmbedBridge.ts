import {
  API,
  createEventMessage,
  readCommand,
  type EventName,
  type PlayerCommand,
  type PlayerEventData,
} from '../embed/playerMessages';
import { getMode, type PlayerState, type SessionCommand } from '../player/playerMachine';
import type { PlayerSession, SessionSnapshot } from '../session/PlayerSession';
import { MAX_SPEED, MIN_SPEED } from '../session/playerUrl';

/** The session events a command becomes, or why it cannot be carried out now. */
export function getCommandEvents(
  command: PlayerCommand,
  snapshot: SessionSnapshot,
  sceneIds: readonly string[],
): { events: SessionCommand[] } | { reason: string } {
  switch (command.command) {
    case 'play':
      return { events: [{ type: 'playback.play' }] };
    case 'pause':
      return { events: [{ type: 'playback.pause' }] };
    case 'seek': {
      if ('time' in command) {
        const duration = snapshot.plan.duration;
        if (command.time > duration)
          return { reason: `seek: this scene lasts ${duration.toFixed(2)} s, so ${command.time} is past its end` };
        return { events: [{ type: 'playback.seek', time: command.time }] };
      }
      const rounds = snapshot.plan.schedule.rounds;
      if (command.round > rounds)
        return {
          reason: `seek: this access has ${rounds} round${rounds === 1 ? '' : 's'}, so there is no round ${command.round}`,
        };
      return { events: [{ type: 'round.goto', round: command.round }] };
    }
    case 'goto': {
      const index = sceneIds.indexOf(command.scene);
      if (index < 0) return { reason: `goto: there is no scene "${command.scene}"; scenes are ${sceneIds.join(', ')}` };
      const events: SessionCommand[] = snapshot.stage !== 'lesson' ? [{ type: 'lesson.open' }] : [];
      return { events: [...events, { type: 'scene.goto', index }] };
    }
    case 'setSpeed':
      if (command.speed < MIN_SPEED || command.speed > MAX_SPEED)
        return { reason: `setSpeed: speed must be from ${MIN_SPEED} to ${MAX_SPEED}, not ${command.speed}` };
      return { events: [{ type: 'speed.set', speed: command.speed }] };
    case 'setCaptions':
      return { events: [{ type: 'captions.set', captions: command.captions }] };
  }
}

/**
 * The player's side of the message API, when it is in a frame: takes commands from its parent
 * window (and only from the origins its link allows) and posts events back.
 *
 * @remarks
 * Nothing from the parent is read but the message's own data, and that only through
 * {@link readCommand}. A message from elsewhere, or one that does not read, is ignored and counted
 * on the player's root (`data-ignored-messages`); a page that speaks the API but sends a bad command
 * hears an `error` event saying why. Events go only to the allowed origins, or, with none listed,
 * to the parent whatever its origin.
 */
export class EmbedBridge {
  private ignored = 0;
  private ready = false;
  private last = { scene: '', round: -1, beat: -1 };
  private lastPlan: unknown = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly session: PlayerSession,
    private readonly parent: Window,
    private readonly origins: readonly string[],
  ) {
    addEventListener('message', (e) => this.receive(e));
    session.select(
      ({ state, context, entry }) =>
        [state === 'entering' ? 'paused' : state, context.speed, context.view.captions, entry.id] as const,
      ([state, speed, captions], snapshot) => this.onState(state, speed, captions, snapshot),
    );
    session.on('scene', () => this.onScene(session.getSnapshot()));
    session.on('frame', () => this.onFrame(session.getSnapshot()));
    session.on('prediction', ({ sceneId, answer, right, attempt, hinted, final }) =>
      this.post('prediction', { scene: sceneId, answer, right, attempt, hinted, final }),
    );
    session.on('puzzle', (attempt) => this.post('puzzle', attempt));
    session.on('ended', ({ index, stepped }) => {
      const { context } = session.getSnapshot();
      // Playing on ends with the chapter (a clicker's steps, with the lesson): what comes next is the deck's.
      const last = context.view.stayInScene || index === session.getChapter(index).last;
      this.post('ended', { scene: context.scenes[index]?.id ?? '', index, stepped, last });
    });
  }

  private receive(e: MessageEvent): void {
    if (e.source !== this.parent || (this.origins.length > 0 && !this.origins.includes(e.origin))) return this.ignore();
    const read = readCommand(e.data);
    // Other scripts' messages (a deck's own) are not answered: only a page that speaks the API is told why.
    if (!read.ok)
      return (e.data as { api?: unknown } | null)?.api === API ? this.refuse(read.reason, e) : this.ignore();
    if (!this.ready) return this.refuse('the player is not ready yet: wait for its ready event', e);
    const snapshot = this.session.getSnapshot();
    const result = getCommandEvents(
      read.value,
      snapshot,
      this.session.program.map((p) => p.id),
    );
    if ('reason' in result) return this.refuse(result.reason, e);
    for (const event of result.events) this.session.send(event);
  }

  private ignore(): void {
    this.ignored++;
    this.root.dataset.ignoredMessages = String(this.ignored);
  }

  /** Ignores a message from the parent, and tells the parent why (to its own origin only). */
  private refuse(reason: string, e: MessageEvent): void {
    this.ignore();
    this.parent.postMessage(createEventMessage('error', { reason }), e.origin === 'null' ? '*' : e.origin);
  }

  private post<K extends EventName>(event: K, data: PlayerEventData[K]): void {
    if (!this.ready && event !== 'ready') return;
    const message = createEventMessage(event, data);
    // postMessage drops a message whose target origin is not the parent's, so only allowed pages hear.
    for (const origin of this.origins.length > 0 ? this.origins : ['*']) this.parent.postMessage(message, origin);
  }

  private onState(state: PlayerState, speed: number, captions: boolean, snapshot: SessionSnapshot): void {
    if (state === 'booting' || state === 'failed') return;
    if (!this.ready) {
      this.ready = true;
      this.post('ready', {
        scenes: this.session.program.map((p) => ({ id: p.id, title: p.title })),
        scene: snapshot.entry.id,
        // The word a link writes for the mode (the lesson is `walkthrough`, as version 1 says).
        mode: getMode(snapshot.mode, this.session.modes).words[0],
      });
    }
    this.onScene(snapshot);
    this.post('state', {
      state,
      playing: state === 'playing' || state === 'held',
      scene: snapshot.entry.id,
      time: snapshot.time,
      speed,
      captions,
    });
  }

  private onScene(snapshot: SessionSnapshot): void {
    // A new plan is a new scene, or a new access in Explore (whose scene keeps its id), or a re-timing.
    if (!this.ready || snapshot.plan === this.lastPlan) return;
    this.lastPlan = snapshot.plan;
    this.last.scene = snapshot.entry.id;
    this.last.round = -1;
    this.last.beat = -1;
    this.post('scene', {
      scene: snapshot.entry.id,
      index: snapshot.index,
      title: snapshot.entry.title,
      duration: snapshot.plan.duration,
      rounds: snapshot.plan.schedule.rounds,
    });
    this.onFrame(snapshot);
  }

  private onFrame(snapshot: SessionSnapshot): void {
    if (!this.ready || snapshot.plan !== this.lastPlan) return;
    const { frame } = snapshot;
    if (frame.round !== this.last.round) {
      this.last.round = frame.round;
      this.post('round', { round: frame.round, rounds: frame.rounds });
    }
    const beat = frame.beat?.index ?? -1;
    if (beat !== this.last.beat) {
      this.last.beat = beat;
      if (frame.beat) this.post('beat', { scene: snapshot.entry.id, beat, text: frame.beat.text });
    }
  }
}
