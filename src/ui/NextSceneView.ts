import type { PlayerSession } from '../session/PlayerSession';

/** At a scene's end, the next scene offered by name, as a button (and PageDown). */
export class NextSceneView {
  constructor(button: HTMLButtonElement, session: PlayerSession) {
    button.addEventListener('click', () => {
      session.send({ type: 'scene.next' });
      session.send({ type: 'playback.play' });
    });
    const update = () => {
      const { state, index, mode, time, plan } = session.getSnapshot();
      const next = mode === 'walkthrough' ? session.program[index + 1] : undefined;
      const atEnd = state === 'ended' || (state === 'paused' && time >= plan.duration);
      button.hidden = !atEnd || !next;
      if (next) {
        button.textContent = `Next: ${next.title} ▶`;
        button.title = 'Next scene (PageDown)';
      }
    };
    session.on('state', update);
    session.on('frame', update);
  }
}
