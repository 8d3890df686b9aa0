import { createSpecAccess, getSchedule, type AccessSpec, type Result } from '../engine';
import type { ProgramEntry } from './createProgram';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Explore's one entry for an access: no narration or panels, and one question, the rounds, asked
 * before the access is shown (unless the learner turned predictions off).
 */
export function createExploreEntry(spec: AccessSpec): Result<ProgramEntry> {
  const access = createSpecAccess(spec);
  if (!access.ok) return access;
  const schedule = getSchedule(access.value);
  const busiest = schedule.banks[schedule.busiestBanks[0]];
  return {
    ok: true,
    value: {
      id: 'explore',
      title: 'Explore',
      spec,
      access: access.value,
      beats: [],
      question: {
        id: 'rounds',
        prompt: 'Predict first: how many rounds will this read need?',
        kind: 'number',
        choices: [],
        answer: String(schedule.rounds),
        explanation: `The busiest bank, B${busiest.bank}, is asked for ${plural(busiest.queue.length, 'distinct word')} (${plural(busiest.requests, 'request')}), so the read takes ${plural(schedule.rounds, 'round')}.`,
        access: spec,
      },
      quiz: [],
      takeaways: [],
      panels: [],
      table: null,
      code: null,
      references: [],
      notes: [],
      facts: {},
    },
  };
}
