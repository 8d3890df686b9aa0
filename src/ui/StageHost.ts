import type { PlayerSession } from '../session/PlayerSession';
import { TALL } from '../stage/stageGeometry';
import { StageView, type FrameOverlay } from '../stage/StageView';

/** The question's reveal as the session knows it: answered, or revealed to the room. */
function getOverlay(session: PlayerSession): FrameOverlay {
  const { context } = session.getSnapshot();
  const answer = context.predictions[context.scenes[context.sceneIndex]?.id ?? ''];
  return { revealed: answer !== undefined, answer: answer || null };
}

/**
 * Puts the WebGL stage in `host` and has it draw the session's scenes and frames; a lane clicked
 * on it is inspected. Without WebGL, `message` says so and the bank cards carry on alone.
 */
export async function mountStage(host: HTMLElement, message: HTMLElement, session: PlayerSession): Promise<void> {
  // An upright phone gives the stage the tall layout's shape (see responsive.css).
  host.style.setProperty('--tall-aspect', `${TALL.width} / ${TALL.height}`);
  try {
    const stage = await StageView.create(
      host,
      (text) => (message.textContent = text),
      (lane) => {
        const selected = session.getSnapshot().context.lane;
        session.send({ type: 'lane.select', lane: lane === selected ? null : lane });
      },
    );
    session.on('scene', ({ plan, entry }) => stage.show(plan, entry));
    session.on('frame', (frame) => stage.draw(frame, getOverlay(session)));
    let selected: number | null = null;
    session.on('state', ({ context }) => {
      // Presenting shows the whole lesson in the frame: the scene's panels beside the stage.
      stage.setComposed(context.presenting);
      stage.burnCaptions = context.presenting && context.captions;
      if (context.lane !== selected) {
        selected = context.lane;
        stage.setSelectedLane(selected);
      }
      stage.draw(session.getSnapshot().frame, getOverlay(session));
    });
  } catch (error) {
    message.textContent = `${error instanceof Error ? error.message : String(error)} The bank cards beside it still show every round.`;
  }
}
