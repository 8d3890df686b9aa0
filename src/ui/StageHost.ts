import type { PlayerSession } from '../session/PlayerSession';
import type { FrameOverlay } from '../stage/frameOverlay';
import { StageView } from '../stage/StageView';
import { getPrediction } from './getPrediction';

/** What the session adds to the clock's frame: the question's reveal, and the lanes inspected. */
function getOverlay(session: PlayerSession): FrameOverlay {
  const { context } = session.getSnapshot();
  const { predicted, answer } = getPrediction(context);
  return { revealed: predicted, answer, lanes: context.view.lanes };
}

/**
 * Puts the WebGL stage in `host` and has it draw the session's scenes and frames; a lane clicked
 * on it is inspected. Without WebGL, `message` says so and the bank cards carry on alone.
 */
export async function mountStage(host: HTMLElement, message: HTMLElement, session: PlayerSession): Promise<void> {
  try {
    const stage = await StageView.create(
      host,
      (text) => (message.textContent = text),
      (lane) => session.send({ type: 'lane.toggle', lane }),
    );
    session.on('scene', ({ plan, entry }) => stage.show(plan, entry));
    session.on('frame', (frame) => stage.draw(frame, getOverlay(session)));
    session.select(
      ({ context }) =>
        [context.view.presenting, context.view.captions, context.view.lanes, context.predictions] as const,
      ([presenting, captions], { frame }) => {
        // Presenting shows the whole lesson in the frame: the scene's panels beside the stage.
        stage.setComposed(presenting);
        stage.burnCaptions = presenting && captions;
        stage.draw(frame, getOverlay(session));
      },
    );
  } catch (error) {
    message.textContent = `${error instanceof Error ? error.message : String(error)} The bank cards beside it still show every round.`;
  }
}
