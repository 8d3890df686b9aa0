import type { PlayerSession } from '../session/PlayerSession';

/** The caption under the stage: the beat on screen now, in an `aria-live` region; C or its button hides it. */
export class CaptionView {
  private text = '';

  constructor(element: HTMLElement, root: HTMLElement, toggle: HTMLButtonElement, session: PlayerSession) {
    toggle.addEventListener('click', () =>
      session.send({ type: 'captions.set', captions: !session.getSnapshot().context.view.captions }),
    );
    // No beat says anything in Kernel mode: the caption says the conflict of the instruction on stage.
    let beat: string | null = null;
    let resting = '';
    const show = () => {
      const text = beat ?? resting;
      if (text === this.text) return;
      this.text = text;
      element.textContent = text;
    };
    session.on('frame', (frame) => {
      beat = frame.beat?.text ?? null;
      show();
    });
    session.select(
      ({ restingCaption }) => restingCaption,
      (text) => {
        resting = text;
        show();
      },
    );
    session.select(
      ({ context }) => context.view.captions,
      (captions) => {
        root.classList.toggle('captions-off', !captions);
        toggle.setAttribute('aria-pressed', String(captions));
      },
    );
  }
}
