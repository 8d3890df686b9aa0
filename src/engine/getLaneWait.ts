import type { Schedule } from './schedule';

/** What a lane waits behind: the words ahead of its word in a bank serving it in its last round, in its phase. */
export interface LaneWait {
  readonly bank: number;
  /** Its word that bank serves in that round. */
  readonly word: number;
  /** The words served before it in that bank in the same phase, front first, each with its lanes. */
  readonly ahead: readonly { readonly word: number; readonly lanes: readonly number[]; readonly round: number }[];
}

/**
 * Why lane `lane` gets its word when it does: the lowest bank that serves it in the round its last
 * word arrives, and the words queued ahead of it there in its phase (served first, lowest lane
 * first, as the model orders them); `null` for an inactive lane.
 */
export function getLaneWait(schedule: Schedule, lane: number): LaneWait | null {
  const slot = schedule.lanes[lane];
  if (!slot?.active || slot.round === null) return null;
  for (const bank of schedule.banks) {
    const mine = bank.queue.find((w) => w.round === slot.round && w.lanes.includes(lane));
    if (!mine) continue;
    const ahead = bank.queue
      .filter((w) => w.phase === mine.phase && w.round < mine.round)
      .map(({ word, lanes, round }) => ({ word, lanes, round }));
    return { bank: bank.bank, word: mine.word, ahead };
  }
  return null;
}
