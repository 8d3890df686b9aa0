import type { Access, Result } from '../src/engine';

/**
 * A scene of the walkthrough, written as data: what is read, and what is said about it.
 *
 * @remarks
 * Scenes carry no drawing or timing code; the timeline plans them and the stage draws them.
 */
export interface Scene {
  readonly id: string;
  readonly title: string;
  /** The warp-wide read on stage, built with the engine's generators. */
  readonly access: () => Result<Access>;
}

/** Declares a scene; the identity function, there for type-checking and for reading as a script. */
export const defineScene = (scene: Scene): Scene => scene;
