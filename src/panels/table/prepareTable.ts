import { findFactPlaceholders } from '../../../scenes/factNames';
import type { Scene } from '../../../scenes';
import { getAccessKind, getSchedule, type AccessSpec } from '../../engine';
import { fillSceneText, makeSceneAccess, sceneError } from '../../program/fillScene';
import type { ProgramEntry } from '../../program/createProgram';

/** One pair of rows of the worked example: an access's words and banks for the first lanes. */
export interface ReadyTableAccess {
  /** What its rows are called beside Word and Bank: its label, else its pitch (`pitch 32`); empty: nothing. */
  readonly label: string;
  readonly words: readonly string[];
  readonly banks: readonly string[];
  /**
   * `live`: fills in as the scene's lanes fire; `shown`: filled from the start; `later`: blank until
   * a caption names the access (see {@link namedBy}), and to the end when none does.
   */
  readonly reveal: 'live' | 'shown' | 'later';
  /**
   * The beats (by index) whose caption names this access by one of its facts (`{padded.rounds}`):
   * a `later` row fills from the first of them on, and lights while one of them shows.
   */
  readonly namedBy: readonly number[];
}

export interface ReadyTable {
  readonly title: string;
  readonly lanes: number;
  readonly accesses: readonly ReadyTableAccess[];
  /** How a lane's word follows from the access, when one rule holds for every row pair. */
  readonly wordRule: string | null;
}

/** The rule that gives every access's words, when one rule does for them all. */
function getSharedWordRule(specs: readonly AccessSpec[]): string | null {
  const rules = specs.map((spec) => getAccessKind(spec.pattern).wordRule?.(spec) ?? null);
  return rules.every((rule) => rule !== null && rule === rules[0]) ? rules[0] : null;
}

/** The beats whose caption (or pointed-at banks) names a fact of the compared access `name`. */
function findNamingBeats(scene: Scene, name: string): number[] {
  const prefix = `${name}.`;
  const names = (text: string) =>
    [...text.matchAll(findFactPlaceholders())].some(([, fact]) => fact.startsWith(prefix));
  return scene.beats.flatMap((beat, i) =>
    names(beat.text) || (beat.highlight?.banks ?? []).some((bank) => typeof bank === 'string' && names(bank))
      ? [i]
      : [],
  );
}

/**
 * The scene's worked example with its words and banks read off the engine, or `null` when it has
 * none; an access it compares that the scene does not define throws, naming the scene.
 */
export function prepareTable({ scene, facts }: Pick<ProgramEntry, 'scene' | 'facts'>): ReadyTable | null {
  const table = scene?.table;
  if (!scene || !table) return null;
  const fill = (text: string, where: string) => fillSceneText(scene, text, facts, where);
  const specs = table.accesses.map(({ of }) => {
    const written = of === 'self' ? scene.access : scene.compare?.[of];
    if (!written) throw sceneError(scene, 'table', `no access called "${of}" to compare with`);
    return makeSceneAccess(scene, written, `table ${of}`);
  });
  return {
    title: `${table.title ? fill(table.title, 'table.title') : 'Worked example'}: lanes L0–L${table.lanes - 1}`,
    lanes: table.lanes,
    accesses: table.accesses.map(({ of, reveal, label: written }, i) => {
      const label = written === undefined ? undefined : fill(written, `table.accesses[${i}].label`);
      const { spec, access } = specs[i];
      const lanes = getSchedule(access).lanes.slice(0, table.lanes);
      return {
        label: label ?? (getAccessKind(spec.pattern).readsTile ? `pitch ${spec.pitch}` : ''),
        words: lanes.map((l) => (l.word === null ? '' : String(l.word))),
        banks: lanes.map((l) => (l.bank === null ? '' : String(l.bank))),
        reveal,
        // The scene's own facts have no prefix: only a compared access is named this way.
        namedBy: of === 'self' ? [] : findNamingBeats(scene, of),
      };
    }),
    // The lesson's table compares column reads of column 0; a lesson file may compare anything.
    wordRule: getSharedWordRule(specs.map(({ spec }) => spec)),
  };
}
