import type { PlayerContext } from '../player/playerTypes';
import { snapTime } from '../timeline/planTimeline';
import type { ProgressStore, SavedProgress } from './sessionTypes';

/** Keeps a learner's answers and the lesson's place in a store, writing only when they changed. */
export class ProgressKeeper {
  private saved = '';

  constructor(private readonly store: ProgressStore | null) {}

  /** What the store kept from an earlier visit. */
  load(): SavedProgress | null {
    return this.store?.load() ?? null;
  }

  /** Saves the context's answers, and the lesson's place: the scene on stage (`sceneId` of `sceneIndex`) at `time`. */
  save(context: PlayerContext, time: number, sceneId: (index: number) => string): void {
    if (!this.store) return;
    const place = context.access === null ? { sceneIndex: context.sceneIndex, time } : context.lessonPlace;
    const progress: SavedProgress = {
      predictions: context.predictions,
      answers: context.answers,
      place: { scene: sceneId(place.sceneIndex), time: snapTime(place.time) },
    };
    const key = JSON.stringify(progress);
    if (key === this.saved) return;
    this.saved = key;
    this.store.save(progress);
  }
}
