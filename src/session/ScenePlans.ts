import { getSchedule } from '../engine';
import type { TimelineInput } from '../player/playerMachine';
import { createExploreEntry } from '../program/createExploreEntry';
import type { ProgramEntry } from '../program/createProgram';
import { planTimeline, READING_SPEEDS } from '../timeline/planTimeline';
import type { SceneOnStage } from './sessionTypes';

/** Which scene (or Explore access) at which reading speed, with which beats voiced. */
export type SceneKey = Pick<TimelineInput, 'sceneIndex' | 'readingSpeed' | 'access' | 'voiced'>;

/**
 * The plans of a lesson's scenes and of Explore's accesses, each planned once: a plan is pure in
 * its entry, reading speed and voiced beats, and the same plan object means nothing changed.
 */
export class ScenePlans {
  private readonly plans = new Map<string, SceneOnStage['plan']>();

  constructor(private readonly program: () => readonly ProgramEntry[]) {}

  get(key: SceneKey): SceneOnStage {
    const entry = this.getEntry(key);
    const voiced = entry.beats.map((_, i) => key.voiced[`${entry.id}/${i}`] ?? null);
    const id = `${key.access ? JSON.stringify(key.access) : entry.id}|${key.readingSpeed}|${voiced}`;
    let plan = this.plans.get(id);
    if (!plan) {
      plan = planTimeline(getSchedule(entry.access), entry.beats, READING_SPEEDS[key.readingSpeed], voiced);
      this.plans.set(id, plan);
    }
    return { index: key.sceneIndex, entry, plan };
  }

  /** Forgets every plan: another lesson is on. */
  clear(): void {
    this.plans.clear();
  }

  private getEntry(key: Pick<SceneKey, 'sceneIndex' | 'access'>): ProgramEntry {
    if (key.access === null) return this.program()[key.sceneIndex];
    const explore = createExploreEntry(key.access);
    if (explore.ok) return explore.value;
    // The form and the link parser only send accesses the engine accepts.
    throw new Error(`Explore was given an access the engine refuses: ${explore.error.reason}`);
  }
}
