import type { PlayerSession } from '../session/PlayerSession';

/**
 * Presentation mode: the stage alone with large captions, and a pointer that hides after two
 * seconds of stillness so it never sits on the projected picture.
 */
export class PresentationView {
  constructor(root: HTMLElement, session: PlayerSession) {
    session.select(
      ({ context }) => context.view.presenting,
      (presenting) => root.classList.toggle('is-presenting', presenting),
    );
    const marker = root.querySelector<HTMLElement>('[data-testid="presenting-marker"]')!;
    session.on('scene', ({ index }) => {
      const chapter =
        session.mode !== 'walkthrough' ? null : session.chapters.find((c) => index >= c.first && index <= c.last);
      marker.textContent = chapter
        ? `${chapter.title} · scene ${index - chapter.first + 1} of ${chapter.last - chapter.first + 1}`
        : '';
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    addEventListener('pointermove', () => {
      root.classList.remove('pointer-idle');
      clearTimeout(timer);
      timer = setTimeout(() => root.classList.add('pointer-idle'), 2000);
    });
  }
}
