import type { PlayerSession } from '../session/PlayerSession';

/**
 * The lesson and Explore as one place: two buttons in the header. Leaving the lesson remembers its
 * scene and moment, and coming back returns there with every answer kept.
 */
export class ModeSwitchView {
  constructor(lesson: HTMLButtonElement, explore: HTMLButtonElement, session: PlayerSession) {
    lesson.addEventListener('click', () => session.send({ type: 'lesson.open' }));
    explore.addEventListener('click', () => {
      if (session.mode === 'explore') return;
      session.send({ type: 'explore.open', time: session.getSnapshot().time });
    });
    session.select(
      ({ mode }) => mode,
      (mode) => {
        lesson.setAttribute('aria-pressed', String(mode === 'walkthrough'));
        explore.setAttribute('aria-pressed', String(mode === 'explore'));
      },
    );
  }
}
