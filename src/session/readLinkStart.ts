import { DEFAULT_ACCESS_SPEC, plural, type AccessSpec, type EngineError } from '../engine';
import { createExploreEntry } from '../program/createExploreEntry';
import { getMode, type ModeDefinition } from '../player/modes';
import { roundLabel, type TimelinePlan } from '../timeline/planTimeline';
import type { PlayerUrl } from './playerUrl';

/**
 * Where a link starts in `plan`: its `t`, else its `round`, else nowhere (`null`). A moment the
 * plan does not have is pushed onto `errors`, with the reason, and the link starts at the beginning.
 */
export function readLinkStart(plan: TimelinePlan, query: PlayerUrl, errors: EngineError[]): number | null {
  if (query.time !== null) {
    if (query.time <= plan.duration) return query.time;
    errors.push({
      field: 't',
      reason: `this scene lasts ${plan.duration.toFixed(2)} s, so ${query.time} is past its end`,
    });
  } else if (query.round !== null) {
    if (query.round === 0) return 0;
    const at = plan.labels[roundLabel(query.round)];
    if (at !== undefined) return at;
    const rounds = plan.schedule.rounds;
    errors.push({
      field: 'round',
      reason: `this access has ${plural(rounds, 'round')}, so there is no round ${query.round}`,
    });
  }
  return null;
}

/**
 * The access a link starts with: Explore's default for a mode whose panel puts its own instructions
 * on stage, until it does (its first is known once the page has analysed the kernel, or graded
 * the puzzle's answer); Explore's own (its default, with the error pushed onto `errors`, when it
 * cannot be made); or `null` in the lesson.
 */
export function getStartAccess(
  query: PlayerUrl,
  modes: readonly ModeDefinition[],
  errors: EngineError[],
): AccessSpec | null {
  const { stage } = getMode(query.mode, modes);
  if (stage === 'shown') return DEFAULT_ACCESS_SPEC;
  if (stage === 'lesson') return null;
  const entry = createExploreEntry(query.access);
  if (entry.ok) return query.access;
  errors.push(entry.error);
  return DEFAULT_ACCESS_SPEC;
}
