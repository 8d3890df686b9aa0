import { describe, expect, it } from 'vitest';
import { LINK_PARAMETERS } from '../support/linkParameters';
import { openSession } from '../support/openSession';

// Every parameter gets markup and an absurd number; the parser's own fuzzing (thousands of random
// query strings) is in playerUrl.test.ts, and one browser test shows such alerts on the page.
describe('a malformed link', () => {
  for (const name of LINK_PARAMETERS) {
    for (const value of ['<img src=x onerror=alert(1)>', '99999999999']) {
      it(`${name}=${value.slice(0, 12)}…: an alert names ${name}, and the player keeps working`, async () => {
        // Explore links open without a question here, so the stage can be stepped straight away.
        const params = new URLSearchParams(
          name === 'scene' || name === 't' || name === 'round' ? {} : { mode: 'explore', predict: 'off' },
        );
        params.set(name, value);
        const { session, state } = await openSession(`?${params}`);
        const heard = session.alerts.map((a) => a.field);
        expect(
          heard.some((field) => field === name || field.startsWith(`${name}[`)),
          heard.join(', '),
        ).toBe(true);
        for (const alert of session.alerts) expect(alert.reason.length).toBeGreaterThan(10);
        // A bad predict= falls back to asking, as Explore does by default.
        if (state() === 'awaitingPrediction') session.send({ type: 'prediction.skip' });
        expect(state()).toBe('paused');
        session.send({ type: 'round.next' });
        expect(session.getSnapshot().frame.round).toBe(1);
        session.stop();
      });
    }
  }
});
