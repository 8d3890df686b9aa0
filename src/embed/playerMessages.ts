/**
 * The message API an embedding page speaks with the player over `postMessage`: version 1.
 *
 * @remarks
 * Every message is a plain object `{ api: "bank-conflict-player", v: 1, … }`. A command adds
 * `command` and its arguments; an event adds `event` and its data. This module only reads and
 * writes messages (no window, no player), so the player, the web component and Node tests share it.
 */
export const API = 'bank-conflict-player';
export const API_VERSION = 1;

export type PlayerCommand =
  | { readonly command: 'play' }
  | { readonly command: 'pause' }
  | { readonly command: 'seek'; readonly time: number }
  | { readonly command: 'seek'; readonly round: number }
  | { readonly command: 'goto'; readonly scene: string }
  | { readonly command: 'setSpeed'; readonly speed: number }
  | { readonly command: 'setCaptions'; readonly captions: boolean };

export type CommandName = PlayerCommand['command'];

/** What each event carries, by name. */
export interface PlayerEventData {
  /** The player is drawn and takes commands. */
  ready: {
    readonly scenes: readonly { readonly id: string; readonly title: string }[];
    readonly scene: string;
    /** The mode open, by the word `mode=` writes for it: `walkthrough` (the lesson), `explore`, `kernel`, `puzzles`… (see the mode table). */
    readonly mode: string;
  };
  /** The transport changed: playing or not, speed, captions. */
  state: {
    readonly state: string;
    readonly playing: boolean;
    readonly scene: string;
    readonly time: number;
    readonly speed: number;
    readonly captions: boolean;
  };
  /** Another scene is on stage. */
  scene: {
    readonly scene: string;
    readonly index: number;
    readonly title: string;
    readonly duration: number;
    readonly rounds: number;
  };
  round: { readonly round: number; readonly rounds: number };
  /** A beat's caption is on screen. */
  beat: { readonly scene: string; readonly beat: number; readonly text: string };
  /** The learner answered a question, and whether the model agrees. */
  /** Every try: `attempt` 1 is the first answer, `hinted` whether a hint came before, `final` the one that stands. */
  prediction: {
    readonly scene: string;
    readonly answer: string;
    readonly right: boolean;
    readonly attempt: number;
    readonly hinted: boolean;
    readonly final: boolean;
  };
  /**
   * A scene played to its end, or (`stepped`) a clicker stepped past the last beat the player
   * goes to; `last`: nothing follows it in the player.
   */
  ended: { readonly scene: string; readonly index: number; readonly stepped: boolean; readonly last: boolean };
  /** The learner checked an answer to a puzzle (Puzzles mode): every try, numbered from 1, with the answer as typed. */
  puzzle: { readonly puzzle: string; readonly attempt: number; readonly passed: boolean; readonly answer: string };
  /** A command was refused, and why (sent back to the page that sent it). */
  error: { readonly reason: string };
}

export type EventName = keyof PlayerEventData;

export type PlayerEventMessage<K extends EventName = EventName> = {
  readonly api: typeof API;
  readonly v: typeof API_VERSION;
  readonly event: K;
} & PlayerEventData[K];

export function createEventMessage<K extends EventName>(event: K, data: PlayerEventData[K]): PlayerEventMessage<K> {
  return { api: API, v: API_VERSION, event, ...data };
}

export function createCommandMessage(command: PlayerCommand): PlayerCommand & { api: string; v: number } {
  return { api: API, v: API_VERSION, ...command };
}

type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

const refuse = (reason: string): Read<never> => ({ ok: false, reason });

/** The arguments each command takes (besides `api`, `v` and `command`). */
const ARGUMENTS: Record<CommandName, readonly string[]> = {
  play: [],
  pause: [],
  seek: ['time', 'round'],
  goto: ['scene'],
  setSpeed: ['speed'],
  setCaptions: ['captions'],
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const describe = (value: unknown) =>
  typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : typeof value;

/**
 * Reads a command from whatever arrived, or says what is wrong with it. Only own, known fields are
 * read, so nothing a page sends (getters, huge strings, deep objects) runs or is walked.
 */
export function readCommand(data: unknown): Read<PlayerCommand> {
  if (!isRecord(data))
    return refuse(`a message must be an object, not ${Array.isArray(data) ? 'an array' : describe(data)}`);
  if (data.api !== API) return refuse(`api must be "${API}"`);
  if (data.v !== API_VERSION) return refuse(`v must be ${API_VERSION}, the version this player speaks`);
  const name = data.command;
  if (typeof name !== 'string' || !Object.hasOwn(ARGUMENTS, name))
    return refuse(`command must be one of ${Object.keys(ARGUMENTS).join(', ')}, not ${describe(name)}`);
  const command = name as CommandName;
  const extra = Object.keys(data).find((key) => !['api', 'v', 'command', ...ARGUMENTS[command]].includes(key));
  if (extra !== undefined) return refuse(`${command} takes no ${describe(extra)}`);
  const number = (key: string): Read<number> =>
    typeof data[key] === 'number' && Number.isFinite(data[key])
      ? { ok: true, value: data[key] }
      : refuse(`${command}: ${key} must be a finite number, not ${describe(data[key])}`);
  switch (command) {
    case 'play':
    case 'pause':
      return { ok: true, value: { command } };
    case 'seek': {
      const hasTime = 'time' in data;
      if (hasTime === 'round' in data) return refuse('seek takes either a time (seconds) or a round, one of the two');
      const value = number(hasTime ? 'time' : 'round');
      if (!value.ok) return value;
      if (value.value < 0) return refuse(`seek: ${hasTime ? 'time' : 'round'} must not be negative`);
      if (!hasTime && !Number.isInteger(value.value)) return refuse('seek: round must be a whole number');
      return { ok: true, value: hasTime ? { command, time: value.value } : { command, round: value.value } };
    }
    case 'goto':
      return typeof data.scene === 'string' && data.scene !== ''
        ? { ok: true, value: { command, scene: data.scene } }
        : refuse(`goto: scene must be a scene's id, not ${describe(data.scene)}`);
    case 'setSpeed': {
      const speed = number('speed');
      return speed.ok ? { ok: true, value: { command, speed: speed.value } } : speed;
    }
    case 'setCaptions':
      return typeof data.captions === 'boolean'
        ? { ok: true, value: { command, captions: data.captions } }
        : refuse(`setCaptions: captions must be true or false, not ${describe(data.captions)}`);
  }
}

/** Reads an event from the player (the web component's side), or `null` for anything else. */
export function readEvent(data: unknown): PlayerEventMessage | null {
  if (!isRecord(data) || data.api !== API || data.v !== API_VERSION || typeof data.event !== 'string') return null;
  return data as unknown as PlayerEventMessage;
}
