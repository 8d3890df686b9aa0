import type { Scene } from './lessonSchema';

export type {
  Beat,
  Chapter,
  CodeListing,
  Cue,
  Highlight,
  Lesson,
  Notes,
  PanelKind,
  Question,
  Reference,
  Scene,
  SceneAccess,
  WorkedTable,
} from './lessonSchema';

/**
 * Declares a scene of the built-in lesson: the identity function, there so the scene is checked
 * against the lesson format's own types (the same schema a lesson file passes through).
 */
export const defineScene = (scene: Scene): Scene => scene;
