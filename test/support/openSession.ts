import { SCENES, type Scene } from '../../scenes';
import { ManualTicker } from '../../src/player/Ticker';
import { PlayerSession, type PlayerSessionOptions } from '../../src/session/PlayerSession';
import { readPlayerLink } from '../../src/session/playerUrl';

/** A session in Node on a clock ticked by hand, booted and ready, opened at a link's query. */
export async function openSession(
  search = '',
  options: Partial<PlayerSessionOptions> & { scenes?: readonly Scene[] } = {},
): Promise<{ session: PlayerSession; ticker: ManualTicker; state: () => string }> {
  const ticker = new ManualTicker();
  const session = new PlayerSession({ scenes: SCENES, link: readPlayerLink(search), ticker, ...options }).start();
  // Booting is a promise: one turn of the event loop settles it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const state = () => {
    const name = session.getSnapshot().state;
    return name === 'entering' ? 'paused' : name;
  };
  return { session, ticker, state };
}
