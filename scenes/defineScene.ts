import type { AccessSpec, Pattern } from '../src/engine';

/**
 * When a beat of narration begins: at a timeline label (`start`, `flights` as the requests leave,
 * `queued` once every request waits in its bank, `round-k`, `end`), or `hold` to follow the
 * previous beat at the same moment.
 */
export type Cue = 'start' | 'flights' | 'queued' | 'end' | 'hold' | `round-${number}`;

/**
 * An access as a scene writes it: the URL's and Explore's keys, each left out taking its default
 * (see `createSpec`).
 */
export type SceneAccess = Partial<AccessSpec> & { readonly pattern: Pattern };

/**
 * What a beat points at: lanes on the stage (by lane name), banks (fact templates such as
 * `{bank0}`, so no bank number is typed), the worked example's word or bank row, and lines of code
 * (each given by a piece of its text).
 */
export interface Highlight {
  readonly lanes?: readonly number[];
  readonly banks?: readonly string[];
  readonly table?: readonly ('word' | 'bank')[];
  readonly code?: readonly string[];
}

/**
 * One caption. Its text is a template: every number in it is a `{fact}` filled from the engine at
 * run time (see `getSceneFacts`), so no typed number can disagree with the model.
 */
export interface Beat {
  readonly text: string;
  readonly cue: Cue;
  readonly highlight?: Highlight;
}

/** A prediction the learner makes before the reveal. */
export interface Question {
  readonly id: string;
  /** A template, like narration. */
  readonly prompt: string;
  readonly kind: 'number' | 'choice';
  readonly choices?: readonly string[];
  /** The fact whose value is the answer (for `choice`, a fact whose value is one of the choices). */
  readonly answer: string;
  /** The access the question is about, when not the scene's own; its facts read as `{id.rounds}`. */
  readonly access?: SceneAccess;
  /** A template shown beside the learner's answer at the reveal. */
  readonly explanation: string;
}

/** What a scene shows beside the stage, in order. */
export type PanelKind = 'table' | 'tile' | 'code' | 'quiz' | 'references' | 'notes';

/**
 * The lesson's worked example: word and bank of the first lanes, for one or more accesses.
 * `self` is the scene's own access and fills in as its lanes fire; a compared access is either
 * `shown` whole or left blank for `later`.
 */
export interface WorkedTable {
  readonly lanes: number;
  readonly accesses: readonly { readonly of: string; readonly reveal: 'live' | 'shown' | 'later' }[];
}

export interface CodeListing {
  readonly title: string;
  readonly text: string;
}

export interface Reference {
  readonly title: string;
  readonly href: string;
  readonly why: string;
}

/** A short list under a heading: prerequisites, connections. */
export interface Notes {
  readonly title: string;
  readonly items: readonly string[];
}

/**
 * A scene of the walkthrough, written as data: what is read, what is said, what is asked, and what
 * the panels beside the stage hold.
 *
 * @remarks
 * Scenes carry no drawing or timing code; the engine builds their accesses, the timeline plans them
 * and the stage draws them.
 */
export interface Scene {
  readonly id: string;
  readonly title: string;
  /** The warp-wide read on stage. */
  readonly access: SceneAccess;
  /** Other accesses the narration compares with, by name: their facts read as `{name.rounds}`. */
  readonly compare?: Readonly<Record<string, SceneAccess>>;
  readonly beats: readonly Beat[];
  /** Asked before the scene plays (the machine waits in `awaitingPrediction`). */
  readonly question?: Question;
  /** Questions the learner answers in the scene's panel, each predicted before its reveal. */
  readonly quiz?: readonly Question[];
  /** Points to compare one's explanations with, shown after the quiz. */
  readonly takeaways?: readonly string[];
  readonly panels?: readonly PanelKind[];
  readonly table?: WorkedTable;
  readonly code?: CodeListing;
  readonly references?: readonly Reference[];
  readonly notes?: readonly Notes[];
}

/** Declares a scene; the identity function, there for type-checking and for reading as a script. */
export const defineScene = (scene: Scene): Scene => scene;
