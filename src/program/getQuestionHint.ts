import type { Question } from '../../scenes';
import { getCountRule, type Schedule } from '../engine';

/**
 * What a learner is told after a first wrong answer: a nudge toward the rule the answer comes
 * from, never the answer. A race is about bytes, not banks; the rounds of a wide access or an
 * `ldmatrix` are counted phase by phase (matrix by matrix) and added up, so the lesson's "busiest
 * bank" nudge, which counts over the whole warp, would lead there to a wrong number.
 */
export function getQuestionHint(kind: Question['kind'], answer: string, schedule: Schedule): string {
  const fact = answer.split('.').at(-1) ?? answer;
  if (fact === 'raceFree' || fact === 'racing')
    return 'Not quite. A race is about bytes, not banks: do two lanes store to the same bytes? Then try once more.';
  if (kind === 'number' && schedule.phases.length > 1)
    return getCountRule(schedule) === 'matrix'
      ? 'Not quite. ldmatrix is served a matrix at a time: count the distinct words of the busiest bank among each matrix’s rows, then add up the matrices and try once more.'
      : 'Not quite. A wide access is served a phase at a time: count the distinct words of the busiest bank in each phase, then add up the phases and try once more.';
  if (kind === 'number')
    return 'Not quite. Think about how many different words the busiest bank is asked for, then try once more.';
  return 'Not quite. Think about which banks the active lanes’ words fall in, then try once more.';
}
