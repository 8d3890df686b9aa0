import type { AccessSpec, EngineError } from '../engine';
import type { ModeDefinition } from '../player/modes';
import type { PlayerSession } from '../session/PlayerSession';
import type { PlayerUrl } from '../session/playerUrl';
import type { Lesson } from '../../scenes/lessonSchema';

/** What the page gives a mode's panel when it is made. */
export interface ModePanelContext {
  /** The panel's own section of the page. */
  readonly root: HTMLElement;
  readonly session: PlayerSession;
  /** The stage's element (a panel may mark it, as Kernel mode does a stale instruction). */
  readonly stage: HTMLElement;
  /** Shows problems (a link's, a file's) with the session's own alerts. */
  readonly showAlerts: (errors: readonly EngineError[]) => void;
  /** The lesson playing instead of the built-in one, and where it came from (`null`: the built-in). */
  readonly lesson: Lesson | null;
  readonly lessonUrl: string | null;
  /** The player is embedded in another page. */
  readonly embed: boolean;
  /** Writes a link's query string, and an Explore link's to an access (the codec is in the first load: given, not imported). */
  readonly writeSearch: (url: PlayerUrl) => string;
  readonly getExploreSearch: (access: AccessSpec) => string;
}

/** A mode's lazily loaded part: `src/ui/<id>/mount<Id>Mode.ts`, whose `mountMode` makes its panel. */
export interface ModePart {
  mountMode(context: ModePanelContext): unknown;
}

// Each mode's folder holds its panel: found by the folder's name, each loaded on first use.
const FOUND = import.meta.glob<ModePart>('./*/mount*Mode.ts');

/**
 * The code of mode `mode`'s panel, found by its folder (`src/ui/<id>/`), to load on first use.
 *
 * @throws Error naming the file it looked for, when a mode of the table has a part but its folder none.
 */
export function findModePart(mode: ModeDefinition): () => Promise<ModePart> {
  const name = `./${mode.id}/mount${mode.id[0].toUpperCase()}${mode.id.slice(1)}Mode.ts`;
  const load = FOUND[name];
  if (!load) throw new Error(`mode ${mode.id} has a part (${mode.part}) but no ${name.slice(2)} in src/ui/`);
  return load;
}
