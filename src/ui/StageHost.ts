import type { PlayerSession } from '../session/PlayerSession';
import { StageView } from '../stage/StageView';

/**
 * Puts the WebGL stage in `host` and has it draw the session's scenes and frames; a lane clicked
 * on it is inspected. Without WebGL, `message` says so and the bank cards carry on alone.
 */
export async function mountStage(host: HTMLElement, message: HTMLElement, session: PlayerSession): Promise<void> {
  try {
    const stage = await StageView.create(
      host,
      (text) => (message.textContent = text),
      (lane) => {
        const selected = session.getSnapshot().context.lane;
        session.send({ type: 'lane.select', lane: lane === selected ? null : lane });
      },
    );
    session.on('scene', ({ plan, entry }) => stage.show(plan, entry.title));
    session.on('frame', (frame) => stage.draw(frame));
    let selected: number | null = null;
    session.on('state', ({ context }) => {
      if (context.lane === selected) return;
      selected = context.lane;
      stage.setSelectedLane(selected);
    });
  } catch (error) {
    message.textContent = `${error instanceof Error ? error.message : String(error)} The bank cards beside it still show every round.`;
  }
}
