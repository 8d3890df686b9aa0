import type { PlayerSession } from '../session/PlayerSession';

/**
 * At a scene's last beat, the next scene (or at a chapter's end, the next chapter) offered by name,
 * as a button: where the next PageDown goes, presenting too.
 */
export class NextSceneView {
  constructor(button: HTMLButtonElement, session: PlayerSession) {
    button.addEventListener('click', () => {
      session.send({ type: 'scene.next' });
      session.send({ type: 'playback.play' });
    });
    // Called on every frame: the button is written only when what it says changes, since each
    // write would lay the page out again.
    const update = () => {
      const { state, index, stage, time, plan } = session.getSnapshot();
      const next = stage === 'lesson' ? session.program[index + 1] : undefined;
      // Standing at the last beat, or past it: from there a clicker's next step is the next scene.
      const last = Math.min(plan.beats.at(-1)?.start ?? plan.duration, plan.duration);
      const atEnd = state === 'ended' || (state === 'paused' && time >= last - 1e-3);
      const hidden = !atEnd || !next;
      if (button.hidden !== hidden) button.hidden = hidden;
      if (!next) return;
      // The next chapter is offered by its title: the walkthrough never plays into it unasked.
      const chapter = session.getChapter(index + 1);
      const crosses = chapter.id !== session.getChapter(index).id;
      const text = crosses ? `Next chapter: ${chapter.title} ▶` : `Next: ${next.title} ▶`;
      const title = crosses ? `${chapter.title}, from ${next.title} (PageDown)` : 'Next scene (PageDown)';
      if (button.textContent !== text) button.textContent = text;
      if (button.title !== title) button.title = title;
    };
    session.on('state', update);
    session.on('frame', update);
  }
}
