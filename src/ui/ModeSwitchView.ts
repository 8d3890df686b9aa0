import type { PlayerSession } from '../session/PlayerSession';
import type { Mode } from '../session/playerUrl';

/**
 * The lesson, Explore and Kernel mode as one place: three buttons in the header. Leaving the
 * lesson remembers its scene and moment, and coming back returns there with every answer kept.
 */
export class ModeSwitchView {
  constructor(
    buttons: {
      readonly lesson: HTMLButtonElement;
      readonly explore: HTMLButtonElement;
      readonly kernel: HTMLButtonElement;
    },
    session: PlayerSession,
  ) {
    buttons.lesson.addEventListener('click', () => session.send({ type: 'lesson.open' }));
    buttons.explore.addEventListener('click', () => {
      if (session.mode === 'explore') return;
      session.send({ type: 'explore.open', time: session.getSnapshot().time });
    });
    buttons.kernel.addEventListener('click', () => session.openKernel());
    const pressed: Record<Mode, HTMLButtonElement> = {
      walkthrough: buttons.lesson,
      explore: buttons.explore,
      kernel: buttons.kernel,
    };
    session.select(
      ({ mode }) => mode,
      (mode) => {
        for (const [name, button] of Object.entries(pressed))
          button.setAttribute('aria-pressed', String(name === mode));
      },
    );
  }
}
