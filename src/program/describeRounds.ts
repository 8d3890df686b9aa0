import { getOperation, getRoundsVerdict, plural, type PhaseVerdict, type Schedule } from '../engine';

/** "1, 2 and 4": a list as a sentence says it. */
const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** What the request is called in a sentence: a read, a store, an ldmatrix load. */
export const nameRequest = (schedule: Schedule): string => getOperation(schedule.op).requestNoun;

/**
 * Why an access takes its rounds, in words, every number from the engine's verdict: for the
 * lesson's one-phase accesses the busiest bank's distinct words; for a wide access the ideal (one
 * round a phase), the phase or phases that conflict, their busiest banks, and the excess; for
 * `ldmatrix` the same, matrix by matrix.
 */
export function describeRounds(schedule: Schedule): string {
  const paired = describePairs(schedule);
  const rounds = describePhaseRounds(schedule);
  return paired ? `${paired} ${rounds}` : rounds;
}

/**
 * Why a wide load's phases hold twice the lanes: every lane reads its partner's address (n^1 or
 * n^2), and such pairs are served together, as measured on Volta to Hopper; `''` for any other.
 */
export function describePairs(schedule: Schedule): string {
  const d = schedule.request.pairs;
  if (d === null) return '';
  const [a, b] = d === 1 ? ['0 and 1', '2 and 3'] : ['0 and 2', '1 and 3'];
  return `Every lane reads the same address as lane n^${d} (lanes ${a}, ${b} …), so each pair is served as one: a rule measured on Volta to Hopper for 8- and 16-byte loads (NVIDIA’s developer forum), which puts ${schedule.request.lanesPerPhase} lanes in a phase.`;
}

/** The rounds phase by phase, as {@link describeRounds} says them after any pairs. */
function describePhaseRounds(schedule: Schedule): string {
  const verdict = getRoundsVerdict(schedule);
  const noun = nameRequest(schedule);
  if (schedule.phases.length === 1) {
    const [p] = verdict.phases;
    return `The busiest bank, B${p.busiestBank}, is asked for ${plural(p.busiestWords, 'distinct word')} (${plural(p.busiestRequests, 'request')}), so the ${noun} takes ${plural(verdict.rounds, 'round')}.`;
  }
  const matrices = verdict.rule === 'matrix';
  const unit = matrices ? 'matrix' : 'phase';
  const units = matrices ? 'matrices' : 'phases';
  const count = (n: number) => `${n} ${n === 1 ? unit : units}`;
  const nameOf = (p: PhaseVerdict) =>
    matrices
      ? `matrix ${p.phase - 1} (rows from lanes ${p.firstLane}–${p.lastLane})`
      : `phase ${p.phase} (lanes ${p.firstLane}–${p.lastLane})`;
  const empty = schedule.phases.length - verdict.phases.length;
  const rest = empty > 0 ? ` (the other ${empty} carry no request)` : '';
  const intro = matrices
    ? `ldmatrix.x${schedule.request.matrices} loads ${count(verdict.phases.length)}, each served as a phase of ${schedule.request.lanesPerPhase} rows, so it takes at least ${plural(verdict.ideal, 'round')}, one a matrix.`
    : `Served in ${count(verdict.phases.length)} of ${schedule.request.lanesPerPhase} lanes${rest}, the ${noun} takes at least ${plural(verdict.ideal, 'round')}, one a phase.`;
  const conflicting = verdict.phases.filter((p) => p.rounds > 1);
  if (conflicting.length === 0) return `${intro} No ${unit} conflicts: ${plural(verdict.rounds, 'round')}, the ideal.`;
  const sentences = [intro];
  const byRounds = new Map<number, PhaseVerdict[]>();
  for (const p of conflicting) byRounds.set(p.rounds, [...(byRounds.get(p.rounds) ?? []), p]);
  for (const [rounds, group] of byRounds) {
    if (group.length === 1) {
      const [p] = group;
      sentences.push(
        `In ${nameOf(p)}, bank B${p.busiestBank} is asked for ${plural(p.busiestWords, 'distinct word')} (${plural(p.busiestRequests, 'request')}), so it takes ${plural(rounds, 'round')}.`,
      );
      continue;
    }
    const banks = new Set(group.map((p) => p.busiestBank));
    const where = banks.size === 1 ? `B${group[0].busiestBank} in each` : listed(group.map((p) => `B${p.busiestBank}`));
    const which =
      group.length === verdict.phases.length
        ? `every ${unit}`
        : `${units} ${listed(group.map((p) => String(matrices ? p.phase - 1 : p.phase)))}`;
    sentences.push(
      `In ${which}, the busiest bank is asked for ${plural(rounds, 'distinct word')} (${where}), so each takes ${plural(rounds, 'round')}.`,
    );
  }
  const calm = verdict.phases.length - conflicting.length;
  if (calm > 0)
    sentences.push(calm === 1 ? `The other ${unit} takes one round.` : `The other ${units} take one round each.`);
  sentences.push(`${plural(verdict.rounds, 'round')} in all: ${verdict.excess} more than the ideal.`);
  return sentences.join(' ');
}
