import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSpecRequest, getSchedule, readWrittenSpec } from '../../src/engine';
import { getFrame } from '../../src/timeline/getFrame';
import { planTimeline } from '../../src/timeline/planTimeline';
import { unwrap } from '../unwrap';

/** A wide row read with some of its lanes active, as a link writes it. */
const input = fc.record({
  type: fc.constantFrom('float', 'double', 'float4'),
  mask: fc.integer({ min: 1, max: 0xffffffff }),
  t: fc.double({ min: 0, max: 1, noNaN: true }),
});

const planOf = (written: Record<string, unknown>) =>
  planTimeline(getSchedule(unwrap(createSpecRequest(unwrap(readWrittenSpec(written as { pattern: 'row' }))))));

describe('the frame counts phases as the mirror does', () => {
  it('at every moment: of the phases that carry a request, the one on stage', () => {
    fc.assert(
      fc.property(input, ({ type, mask, t }) => {
        const plan = planOf({ pattern: 'row', type, mask });
        const frame = getFrame(plan, t * plan.duration);
        const serving = plan.schedule.phases.find((p) => p.ordinal === frame.phase)!;
        expect(frame.phases).toBe(plan.schedule.activePhases);
        expect(serving.activeLanes).toBeGreaterThan(0);
        // The phase of the round on stage, else (before the first round) the first to carry a request.
        const round = Math.max(1, frame.round);
        expect(serving.firstRound! <= round && round < serving.firstRound! + serving.rounds).toBe(true);
      }),
    );
  });

  it('a float4 row read on 8 lanes is one phase on stage, as in the mirror, not “phase 1 of 4”', () => {
    const plan = planOf({ pattern: 'row', type: 'float4', lanes: 8 });
    expect(plan.schedule.phases).toHaveLength(4);
    expect(getFrame(plan, plan.duration)).toMatchObject({ phase: 1, phases: 1 });
  });
});
