import type { PlayerContext } from '../player/playerTypes';

/** The learner's prediction for the scene on stage: whether one was given (a skip counts), and what. */
export interface Prediction {
  readonly predicted: boolean;
  readonly answer: string | null;
}

/** The prediction for the scene on stage, as the player's context keeps it. */
export function getPrediction(context: PlayerContext): Prediction {
  const answer = context.predictions[context.scenes[context.sceneIndex]?.id ?? ''];
  return { predicted: answer !== undefined, answer: answer || null };
}
