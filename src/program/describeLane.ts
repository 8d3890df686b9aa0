import { plural, type Schedule } from '../engine';

/** What an inspected lane's callout on the stage says, in two short lines. */
export interface LaneCallout {
  readonly lane: number;
  readonly lines: readonly [string, string];
}

/**
 * The callout of lane `lane`: its word and bank, then its round and who shares its word. The round
 * is `?` while the scene's question is still open, since it would give the answer away.
 */
export function describeLane(schedule: Schedule, lane: number, showRound: boolean): LaneCallout {
  const slot = schedule.lanes[lane];
  if (!slot.active || slot.word === null) return { lane, lines: [`L${lane} · inactive`, 'asks for no word'] };
  const round = showRound ? `round ${slot.round} of ${schedule.rounds}` : 'round ?';
  const shared = slot.sharers.length > 0 ? ` · word shared by ${plural(slot.sharers.length + 1, 'lane')}` : '';
  return { lane, lines: [`L${lane} · word ${slot.word} · bank ${slot.bank}`, `${round}${shared}`] };
}
