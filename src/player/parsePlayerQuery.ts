import {
  createSpec,
  DEFAULT_COLUMNS,
  LAYOUTS,
  MAX_PITCH,
  MAX_ROW,
  MAX_STRIDE,
  MAX_WORD_INDEX,
  parseLaneMask,
  type AccessSpec,
  type EngineError,
  type Layout,
  type Pattern,
} from '../engine';

export type Mode = 'walkthrough' | 'explore';

export const MIN_SPEED = 0.25;
export const MAX_SPEED = 2;

/** What a URL asks the player for, with every bad parameter reported and replaced by its default. */
export interface PlayerQuery {
  readonly mode: Mode;
  readonly scene: string | null;
  readonly time: number | null;
  readonly round: number | null;
  readonly speed: number;
  readonly present: boolean;
  readonly access: AccessSpec;
  readonly lane: number | null;
  readonly errors: readonly EngineError[];
}

const URL_PATTERNS: Record<string, Pattern> = {
  row: 'row',
  column: 'column',
  stride: 'stride',
  broadcast: 'broadcast',
};

/** Shows at most 40 characters of what the user typed, quoted. */
export const quote = (text: string) => `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;

function parseNumber(name: string, text: string, errors: EngineError[]): number | null {
  if (!/^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(text)) {
    errors.push({ field: name, reason: `must be a number, not ${quote(text)}` });
    return null;
  }
  return Number(text);
}

function parseWhole(name: string, text: string, min: number, max: number, errors: EngineError[]): number | null {
  const n = parseNumber(name, text, errors);
  if (n === null) return null;
  if (!Number.isInteger(n) || n < min || n > max) {
    errors.push({ field: name, reason: `must be a whole number from ${min} to ${max}, not ${quote(text)}` });
    return null;
  }
  return n;
}

function parseWords(text: string, errors: EngineError[]): (number | null)[] | null {
  const entries = text.split(',');
  // A trailing comma (or several) after the last lane is no lane of its own.
  while (entries.length > 32 && entries.at(-1)!.trim() === '') entries.pop();
  if (entries.length > 32) {
    errors.push({ field: 'words', reason: `a warp has 32 lanes, but ${entries.length} entries were given` });
    return null;
  }
  const words: (number | null)[] = [];
  for (const [lane, raw] of entries.entries()) {
    const entry = raw.trim();
    if (entry === '-' || entry === '') {
      words.push(null);
      continue;
    }
    const word = parseWhole(`words (lane ${lane})`, entry, 0, MAX_WORD_INDEX, errors);
    if (word === null) return null;
    words.push(word);
  }
  return words;
}

/**
 * Reads the player's URL parameters (see the README's URL contract).
 *
 * @remarks
 * Never throws: each bad value adds an error naming the parameter, and the default stands in for it,
 * so a mistyped link still opens a working player.
 */
export function parsePlayerQuery(search: string, sceneIds: readonly string[]): PlayerQuery {
  const params = new URLSearchParams(search);
  const errors: EngineError[] = [];
  const get = (name: string) => params.get(name);

  let mode: Mode = 'walkthrough';
  const modeText = get('mode');
  if (modeText !== null) {
    if (modeText === 'explore' || modeText === 'walkthrough') mode = modeText;
    else errors.push({ field: 'mode', reason: `must be explore or walkthrough, not ${quote(modeText)}` });
  }

  let scene: string | null = null;
  const sceneText = get('scene');
  if (sceneText !== null) {
    if (sceneIds.includes(sceneText)) scene = sceneText;
    else
      errors.push({
        field: 'scene',
        reason: `there is no scene ${quote(sceneText)}; scenes are ${sceneIds.join(', ')}`,
      });
  }

  let time: number | null = null;
  const timeText = get('t');
  if (timeText !== null) {
    time = parseNumber('t', timeText, errors);
    if (time !== null && time < 0) {
      errors.push({ field: 't', reason: `must be a time in seconds from 0, not ${quote(timeText)}` });
      time = null;
    }
  }
  let round: number | null = null;
  const roundText = get('round');
  if (roundText !== null) round = parseWhole('round', roundText, 0, 32, errors);

  let speed = 1;
  const speedText = get('speed');
  if (speedText !== null) {
    const s = parseNumber('speed', speedText, errors);
    if (s !== null && (s < MIN_SPEED || s > MAX_SPEED)) {
      errors.push({ field: 'speed', reason: `must be from ${MIN_SPEED} to ${MAX_SPEED}, not ${quote(speedText)}` });
    } else if (s !== null) speed = s;
  }

  let lane: number | null = null;
  const laneText = get('lane');
  if (laneText !== null) lane = parseWhole('lane', laneText, 0, 31, errors);

  return {
    mode,
    scene,
    time,
    round,
    speed,
    present: params.has('present'),
    access: parseAccess(params, errors),
    lane,
    errors,
  };
}

function parseAccess(params: URLSearchParams, errors: EngineError[]): AccessSpec {
  const parts: { -readonly [K in keyof AccessSpec]?: AccessSpec[K] } = {};
  const whole = (name: 'cols' | 'pitch' | 'row' | 'col' | 'stride' | 'offset' | 'lanes', min: number, max: number) => {
    const text = params.get(name);
    if (text === null) return;
    const n = parseWhole(name, text, min, max, errors);
    if (n !== null) parts[name] = n;
  };
  const patternText = params.get('pattern');
  if (patternText !== null) {
    if (Object.hasOwn(URL_PATTERNS, patternText)) parts.pattern = URL_PATTERNS[patternText];
    else
      errors.push({ field: 'pattern', reason: `must be row, column, stride or broadcast, not ${quote(patternText)}` });
  }
  whole('cols', 1, MAX_PITCH);
  whole('pitch', 1, MAX_PITCH);
  whole('row', 0, MAX_ROW);
  whole('col', 0, MAX_PITCH - 1);
  whole('stride', 0, MAX_STRIDE);
  whole('offset', 0, MAX_WORD_INDEX);
  whole('lanes', 1, 32);
  const maskText = params.get('mask');
  if (maskText !== null) {
    const mask = parseLaneMask(maskText);
    if (mask.ok) parts.mask = mask.value;
    else errors.push(mask.error);
  }
  const layoutText = params.get('layout');
  if (layoutText === 'padded') {
    // Shorthand for one padding word a row; a pitch that says otherwise is reported, not guessed at.
    const cols = parts.cols ?? DEFAULT_COLUMNS;
    if (parts.pitch !== undefined && parts.pitch !== cols + 1) {
      errors.push({
        field: 'pitch',
        reason: `layout=padded means a row pitch of cols + 1 = ${cols + 1} words, not ${parts.pitch}`,
      });
    }
    parts.pitch = cols + 1;
    parts.cols = cols;
  } else if (layoutText !== null) {
    if ((LAYOUTS as readonly string[]).includes(layoutText)) parts.layout = layoutText as Layout;
    else errors.push({ field: 'layout', reason: `must be plain, padded or xor, not ${quote(layoutText)}` });
  }
  const wordsText = params.get('words');
  if (wordsText !== null) {
    const words = parseWords(wordsText, errors);
    if (words !== null) {
      parts.pattern = 'list';
      parts.words = words;
    }
  }
  return createSpec(parts);
}
