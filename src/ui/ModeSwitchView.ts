import type { PlayerSession } from '../session/PlayerSession';
import type { Mode } from '../session/playerUrl';

/**
 * The lesson, Explore, Kernel and Puzzles modes as one place: four buttons in the header. Leaving the
 * lesson remembers its scene and moment, and coming back returns there with every answer kept.
 */
export class ModeSwitchView {
  constructor(
    buttons: {
      readonly lesson: HTMLButtonElement;
      readonly explore: HTMLButtonElement;
      readonly kernel: HTMLButtonElement;
      readonly puzzles: HTMLButtonElement;
    },
    session: PlayerSession,
  ) {
    buttons.lesson.addEventListener('click', () => session.send({ type: 'lesson.open' }));
    buttons.explore.addEventListener('click', () => {
      if (session.mode === 'explore') return;
      session.send({ type: 'explore.open', time: session.getSnapshot().time });
    });
    buttons.kernel.addEventListener('click', () => session.openKernel('kernel'));
    buttons.puzzles.addEventListener('click', () => session.openKernel('puzzles'));
    const pressed: Record<Mode, HTMLButtonElement> = {
      walkthrough: buttons.lesson,
      explore: buttons.explore,
      kernel: buttons.kernel,
      puzzles: buttons.puzzles,
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
