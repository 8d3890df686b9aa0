import { describe, expect, it } from 'vitest';
import { createSpecRequest, getSchedule, readWrittenSpec } from '../../src/engine';
import { groupTokens } from '../../src/stage/groupTokens';
import { planTimeline } from '../../src/timeline/planTimeline';
import { unwrap } from '../unwrap';

const planOf = (fields: Record<string, string | number>) =>
  planTimeline(getSchedule(unwrap(createSpecRequest(unwrap(readWrittenSpec(fields))))));

describe('groupTokens: the words a lane asks for together fly as one request', () => {
  it('groups a float4 lane’s four words, first word first, and leaves a 4-byte read’s words alone', () => {
    const plan = planOf({ pattern: 'row', type: 'float4' });
    const groups = groupTokens(plan.tokens);
    const lane1 = plan.tokens.filter((token) => token.lanes.join() === '1');
    expect(lane1.map((token) => token.word)).toEqual([4, 5, 6, 7]);
    expect(lane1.map((token) => groups.get(token.id)!.index)).toEqual([0, 1, 2, 3]);
    expect(groups.get(lane1[0].id)!.banks).toEqual([4, 5, 6, 7]);
    const plain = groupTokens(planOf({ pattern: 'column' }).tokens);
    expect([...plain.values()].every((group) => group.banks.length === 1)).toBe(true);
  });
});
