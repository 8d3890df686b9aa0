import type { Access, Result } from '../src/engine';

/**
 * When a beat of narration begins: at a timeline label (`start`, `flights` as the requests leave,
 * `queued` once every request waits in its bank, `round-k`, `end`), or `hold` to follow the
 * previous beat at the same moment.
 */
export type Cue = 'start' | 'flights' | 'queued' | 'end' | 'hold' | `round-${number}`;

/** What a beat points at: lanes and banks on the stage, rows of the scene's table, lines of code. */
export interface Highlight {
  readonly lanes?: readonly number[];
  readonly banks?: readonly number[];
  readonly rows?: readonly number[];
  readonly lines?: readonly number[];
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
  /** The access the question is about, when not the scene's own. */
  readonly access?: () => Result<Access>;
  /** A template shown beside the learner's answer at the reveal. */
  readonly explanation: string;
}

/** What a scene shows beside the stage. */
export type Panel = 'none' | 'table' | 'tile' | 'code' | 'quiz' | 'references';

/**
 * A scene of the walkthrough, written as data: what is read, what is said, what is asked.
 *
 * @remarks
 * Scenes carry no drawing or timing code; the timeline plans them and the stage draws them.
 */
export interface Scene {
  readonly id: string;
  readonly title: string;
  /** The warp-wide read on stage, built with the engine's generators. */
  readonly access: () => Result<Access>;
  /** The tile the access reads, when it reads one, for facts about its layout and bytes. */
  readonly tile?: { readonly rows: number; readonly pitch: number; readonly layout: 'plain' | 'padded' | 'xor' };
  /** Other accesses the narration compares with, by name: their facts read as `{name.rounds}`. */
  readonly compare?: Readonly<Record<string, () => Result<Access>>>;
  readonly beats: readonly Beat[];
  /** Asked before the scene plays (the machine waits in `awaitingPrediction`). */
  readonly question?: Question;
  /** Questions the learner answers in the scene's panel, each predicted before its reveal. */
  readonly quiz?: readonly Question[];
  readonly panel?: Panel;
}

/** Declares a scene; the identity function, there for type-checking and for reading as a script. */
export const defineScene = (scene: Scene): Scene => scene;
