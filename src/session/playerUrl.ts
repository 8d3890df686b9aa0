import {
  ACCESS_REGISTRY,
  DEFAULT_ACCESS_SPEC,
  fail,
  parseNumber,
  parseWhole,
  quote,
  WARP_SIZE,
  type AccessSpec,
  type EngineError,
  type Result,
} from '../engine';
import {
  findModeByWord,
  getMode,
  MAX_INSPECTED,
  MODES,
  NO_MODE_LINK,
  type ModeDefinition,
  type ModeLink,
} from '../player/playerMachine';
import { snapTime } from '../timeline/planTimeline';
import { readAccessParams, writeAccessParams } from './accessParams';

export const MIN_SPEED = 0.25;
export const MAX_SPEED = 2;

/**
 * Everything a link can say about the player: which view, which moment, which access, which lane,
 * and how to show it.
 */
export interface PlayerUrl {
  /** The mode open, by its id in the mode table (`src/player/modes.ts`). */
  readonly mode: string;
  /** The scene on stage (a lesson); `null` for the first. */
  readonly scene: string | null;
  /** The moment on stage in seconds; `null` for the scene's start. */
  readonly time: number | null;
  /** A round to open at, instead of a time. */
  readonly round: number | null;
  readonly speed: number;
  readonly present: boolean;
  /** Explore's access (the default in a lesson and in Kernel mode, which puts its own on stage). */
  readonly access: AccessSpec;
  /**
   * The mode's own parameters, as its table entry lists them (none for the lesson and Explore):
   * Kernel mode's source, launch, line and instruction; Puzzles mode's puzzle and an answer shared with it.
   */
  readonly link: ModeLink;
  /** Whether Explore asks for a prediction before showing an access. */
  readonly predict: boolean;
  /** The lanes inspected (at most two). */
  readonly lanes: readonly number[];
  /** The voice-over recorder is open. */
  readonly voice: boolean;
  /** The lesson editor is open (on this browser's draft, when it keeps one). */
  readonly edit: boolean;
  /** A lesson file to play instead of the built-in lesson: an http(s) address, or one on this site. */
  readonly lesson: string | null;
  /** Whether captions show (they do unless a link turns them off). */
  readonly captions: boolean;
  /** Shown inside another page: the stage, captions and a compact transport only. */
  readonly embed: boolean;
  /** The pages allowed to drive an embedded player and hear its events; none listed: its parent, whatever its origin. */
  readonly origins: readonly string[];
  /** How far a clicker's steps go: through the whole lesson, or only the scene shown (a slide). */
  readonly end: 'lesson' | 'scene';
}

/** A parsed link: what it says, with every bad parameter reported and replaced by its default. */
export interface ParsedPlayerUrl extends PlayerUrl {
  readonly errors: readonly EngineError[];
}

export const DEFAULT_PLAYER_URL: PlayerUrl = Object.freeze({
  mode: MODES[0].id,
  scene: null,
  time: null,
  round: null,
  speed: 1,
  present: false,
  access: DEFAULT_ACCESS_SPEC,
  link: NO_MODE_LINK,
  predict: true,
  lanes: [],
  voice: false,
  edit: false,
  lesson: null,
  captions: true,
  embed: false,
  origins: [],
  end: 'lesson',
});

/**
 * Reads the player's URL parameters (see docs/architecture.md's URL contract), checking `scene` against the
 * lesson's scene ids.
 */
export function parsePlayerUrl(
  search: string,
  sceneIds: readonly string[],
  modes: readonly ModeDefinition[] = MODES,
): ParsedPlayerUrl {
  return checkLinkScene(readPlayerLink(search, modes), sceneIds);
}

/**
 * The link's `scene` checked against the lesson's scene ids (a page reads its link before it knows
 * which lesson plays): a scene the lesson lacks is reported, and the lesson opens at its start.
 */
export function checkLinkScene(link: ParsedPlayerUrl, sceneIds: readonly string[]): ParsedPlayerUrl {
  if (link.scene === null || sceneIds.includes(link.scene)) return link;
  const error = {
    field: 'scene',
    reason: `there is no scene ${quote(link.scene)}; scenes are ${sceneIds.join(', ')}`,
  };
  // Reported in the order of the parameters: after the mode, before the moment.
  const at = link.errors.filter((e) => e.field === 'mode').length;
  return { ...link, scene: null, errors: [...link.errors.slice(0, at), error, ...link.errors.slice(at)] };
}

/**
 * Reads the player's URL parameters (see docs/architecture.md's URL contract), once, before the lesson is known:
 * its `scene` is checked by {@link checkLinkScene}.
 *
 * @remarks
 * Never throws: each bad value adds an error naming the parameter, and the default stands in for it,
 * so a mistyped link still opens a working player. Whether a time or round exists in the scene is
 * the session's check, since only it knows the scene's plan.
 */
export function readPlayerLink(search: string, modes: readonly ModeDefinition[] = MODES): ParsedPlayerUrl {
  const params = new URLSearchParams(search);
  const errors: EngineError[] = [];
  const get = (name: string) => params.get(name);
  const take = <T>(result: Result<T> | null): T | null => {
    if (result === null) return null;
    if (result.ok) return result.value;
    errors.push(result.error);
    return null;
  };

  const modeText = get('mode');
  let mode = modeText === null ? modes[0] : findModeByWord(modeText, modes);
  if (mode === null) {
    const words = modes.map((m) => m.words[0]).sort();
    errors.push({
      field: 'mode',
      reason: `must be ${words.slice(0, -1).join(', ')} or ${words.at(-1)}, not ${quote(modeText!)}`,
    });
    mode = modes[0];
  }
  // Kernel and Puzzles modes put their own instructions on stage: an access of its own (or a moment
  // of one, which a reload cannot know before the kernel is analysed or the answer graded) is no part of their links.
  const ownStage = mode.stage === 'shown';

  const scene = get('scene');

  const timeText = ownStage ? null : get('t');
  let time = take(timeText === null ? null : parseNumber('t', timeText));
  if (time !== null && time < 0) {
    errors.push({ field: 't', reason: `must be a time in seconds from 0, not ${quote(timeText!)}` });
    time = null;
  }
  const roundText = ownStage ? null : get('round');
  const round = take(roundText === null ? null : parseWhole('round', roundText, 0, WARP_SIZE));

  let speed = 1;
  const speedText = get('speed');
  if (speedText !== null) {
    const s = take(parseNumber('speed', speedText));
    if (s !== null && (s < MIN_SPEED || s > MAX_SPEED)) {
      errors.push({ field: 'speed', reason: `must be from ${MIN_SPEED} to ${MAX_SPEED}, not ${quote(speedText)}` });
    } else if (s !== null) speed = s;
  }

  const laneText = ownStage ? null : get('lane');
  const lanes = laneText === null ? [] : (take(parseLanes(laneText)) ?? []);

  let lesson: string | null = null;
  const lessonText = get('lesson');
  if (lessonText !== null) {
    // Anything a browser may fetch as data (a web address or a path on this site, never a script
    // URL), or a lesson opened from a file, which this browser keeps by its name.
    if (
      /^https?:\/\//i.test(lessonText) ||
      /^[\w./~%-][\w./~%+?=&#-]*$/.test(lessonText) ||
      /^opened:[^\p{Cc}]{1,200}$/u.test(lessonText)
    )
      lesson = lessonText;
    else
      errors.push({
        field: 'lesson',
        reason: `must be an http(s) address, a path on this site, or opened:<file name>, not ${quote(lessonText)}`,
      });
  }

  let predict = true;
  const predictText = get('predict');
  if (predictText === 'off') predict = false;
  else if (predictText !== null && predictText !== 'on')
    errors.push({ field: 'predict', reason: `must be on or off, not ${quote(predictText)}` });

  const captionsText = get('captions');
  if (captionsText !== null && captionsText !== 'on' && captionsText !== 'off')
    errors.push({ field: 'captions', reason: `must be on or off, not ${quote(captionsText)}` });

  const endText = get('end');
  if (endText !== null && endText !== 'scene' && endText !== 'lesson')
    errors.push({ field: 'end', reason: `must be scene or lesson, not ${quote(endText)}` });

  return {
    mode: mode.id,
    scene,
    time: time === null ? null : snapTime(time),
    round,
    speed,
    present: params.has('present'),
    access: ownStage ? DEFAULT_ACCESS_SPEC : readAccessParams(params, errors, ACCESS_REGISTRY),
    link: ownStage ? readModeLink(params, mode.link) : NO_MODE_LINK,
    predict,
    lanes,
    voice: params.has('voice'),
    edit: params.has('edit'),
    lesson,
    captions: captionsText !== 'off',
    embed: params.has('embed'),
    origins: parseOrigins(get('origin'), errors),
    end: endText === 'scene' ? 'scene' : 'lesson',
    errors,
  };
}

/** A mode's own parameters of a link: those of `keys` it has. */
function readModeLink(params: URLSearchParams, keys: readonly string[]): ModeLink {
  const link: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null) link[key] = value;
  }
  return link;
}

/** `lane=`: the lanes inspected, one or two, separated by a comma. */
function parseLanes(text: string): Result<number[]> {
  const lanes: number[] = [];
  const entries = text.split(',');
  if (entries.length > MAX_INSPECTED)
    return fail('lane', `names at most ${MAX_INSPECTED} lanes (like 0,1), not ${quote(text)}`);
  for (const entry of entries) {
    const lane = parseWhole('lane', entry, 0, WARP_SIZE - 1);
    if (!lane.ok) return lane;
    if (!lanes.includes(lane.value)) lanes.push(lane.value);
  }
  return { ok: true, value: lanes };
}

/** `origin=`: web origins (scheme, host and port, nothing more), separated by commas. */
function parseOrigins(text: string | null, errors: EngineError[]): string[] {
  if (text === null) return [];
  const origins: string[] = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim().replace(/\/$/, '');
    let origin: string | null = null;
    try {
      const url = new URL(entry);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === entry) origin = url.origin;
    } catch {
      // Not a URL at all: reported below like any other bad origin.
    }
    if (origin === null) {
      errors.push({
        field: 'origin',
        reason: `must list web origins such as https://course.example, not ${quote(raw.trim())}`,
      });
      return [];
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

/**
 * Writes what a link says as its query string: the inverse of {@link parsePlayerUrl} for every
 * valid state (`parsePlayerUrl(createPlayerSearch(x))` gives `x` back, with no errors).
 */
export function createPlayerSearch(url: PlayerUrl, modes: readonly ModeDefinition[] = MODES): URLSearchParams {
  const params = new URLSearchParams();
  if (url.lesson !== null) params.set('lesson', url.lesson);
  const mode = getMode(url.mode, modes);
  if (mode !== modes[0]) params.set('mode', mode.words[0]);
  if (mode.stage === 'explore') {
    writeAccessParams(params, url.access, ACCESS_REGISTRY);
    if (!url.predict) params.set('predict', 'off');
  } else if (mode.stage === 'shown') {
    for (const key of mode.link) if (url.link[key] !== undefined) params.set(key, url.link[key]);
  } else if (url.scene !== null) params.set('scene', url.scene);
  const moment = mode.stage !== 'shown';
  if (moment && url.time !== null) params.set('t', String(snapTime(url.time)));
  else if (moment && url.round !== null) params.set('round', String(url.round));
  if (url.speed !== 1) params.set('speed', String(url.speed));
  if (moment && url.lanes.length > 0) params.set('lane', url.lanes.join(','));
  if (url.present) params.set('present', '');
  if (url.voice) params.set('voice', '');
  if (url.edit) params.set('edit', '');
  if (!url.captions) params.set('captions', 'off');
  if (url.embed) params.set('embed', '');
  if (url.origins.length > 0) params.set('origin', url.origins.join(','));
  if (url.end === 'scene') params.set('end', 'scene');
  return params;
}

/** An Explore link to an access. */
export function getExploreSearch(spec: AccessSpec): string {
  return createPlayerSearch({ ...DEFAULT_PLAYER_URL, mode: 'explore', access: spec }).toString();
}
