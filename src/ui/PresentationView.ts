import type { PlayerSession } from '../session/PlayerSession';

/**
 * Presentation mode: the stage alone with large captions, and a pointer that hides after two
 * seconds of stillness so it never sits on the projected picture.
 */
export class PresentationView {
  constructor(root: HTMLElement, session: PlayerSession) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let presenting = false;
    // The pointer hides only while presenting; leaving shows it at once, not at the mouse's next move.
    const wake = () => {
      root.classList.remove('pointer-idle');
      clearTimeout(timer);
      if (presenting) timer = setTimeout(() => root.classList.add('pointer-idle'), 2000);
    };
    session.select(
      ({ context }) => context.view.presenting,
      (on) => {
        presenting = on;
        root.classList.toggle('is-presenting', on);
        wake();
      },
    );
    const marker = root.querySelector<HTMLElement>('[data-testid="presenting-marker"]')!;
    session.on('scene', ({ index }) => {
      const chapter =
        session.getSnapshot().stage !== 'lesson'
          ? null
          : session.chapters.find((c) => index >= c.first && index <= c.last);
      marker.textContent = chapter
        ? `${chapter.title} · scene ${index - chapter.first + 1} of ${chapter.last - chapter.first + 1}`
        : '';
    });
    addEventListener('pointermove', wake);
  }
}
