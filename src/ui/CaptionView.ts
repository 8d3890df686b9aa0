import type { PlayerSession } from '../session/PlayerSession';

/** The caption under the stage: the beat on screen now, in an `aria-live` region; C or its button hides it. */
export class CaptionView {
  private text = '';

  constructor(element: HTMLElement, root: HTMLElement, toggle: HTMLButtonElement, session: PlayerSession) {
    toggle.addEventListener('click', () =>
      session.send({ type: 'captions.set', captions: !session.getSnapshot().context.view.captions }),
    );
    session.on('frame', (frame) => {
      const text = frame.beat?.text ?? '';
      if (text === this.text) return;
      this.text = text;
      element.textContent = text;
    });
    session.select(
      ({ context }) => context.view.captions,
      (captions) => {
        root.classList.toggle('captions-off', !captions);
        toggle.setAttribute('aria-pressed', String(captions));
      },
    );
  }
}
