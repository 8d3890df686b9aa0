import { plural, type Schedule } from '../engine';

/** What an inspected lane's callout on the stage says, in two or three short lines. */
export interface LaneCallout {
  readonly lane: number;
  readonly lines: readonly string[];
}

/** Whether the request's threads are other than the lesson's one warp of 32 along x. */
export const hasThreadShape = (schedule: Schedule) => {
  const { block, warp } = schedule.request;
  return warp !== 0 || block.y > 1 || block.z > 1 || block.x !== 32;
};

/**
 * The callout of lane `lane`: its words and banks, then its round (and phase) and who shares its
 * word, then for a kernel's own block its thread, and for a store that races, the race. The round
 * is `?` while the scene's question is still open, since it would give the answer away.
 */
export function describeLane(schedule: Schedule, lane: number, showRound: boolean): LaneCallout {
  const slot = schedule.lanes[lane];
  if (!slot.active || slot.word === null) return { lane, lines: [`L${lane} · inactive`, 'asks for no word'] };
  const round = showRound ? `round ${slot.round} of ${schedule.rounds}` : 'round ?';
  // Phases are counted as the mirror counts them: only those that carry a request.
  const phase = schedule.phases.length > 1 ? ` · phase ${schedule.phases[slot.phase! - 1].ordinal}` : '';
  const shared = slot.sharers.length > 0 ? ` · word shared by ${plural(slot.sharers.length + 1, 'lane')}` : '';
  const what =
    slot.words.length > 1
      ? `words ${slot.words[0]}–${slot.words.at(-1)} · banks ${slot.banks.join(',')}`
      : `word ${slot.word} · bank ${slot.bank}`;
  const thread =
    hasThreadShape(schedule) && slot.thread ? [`thread (${slot.thread.x}, ${slot.thread.y}, ${slot.thread.z})`] : [];
  const race = slot.race ? ['its store races'] : [];
  const third = [...thread, ...race].join(' · ');
  return { lane, lines: [`L${lane} · ${what}`, `${round}${phase}${shared}`, ...(third ? [third] : [])] };
}
