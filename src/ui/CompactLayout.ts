/** Phones, upright or on their side: too little room for the transport's options beside its buttons. */
export const COMPACT_QUERY = '(max-width: 700px), (max-height: 500px)';

/**
 * On a phone the transport docks under the thumb, so it keeps only what is pressed while watching;
 * its options (speed, loop, play next scene) move into the header's tools menu, and back again
 * when the screen grows (a phone turned, a window widened). Moving the elements keeps their
 * listeners and their state.
 */
export function mountCompactLayout(
  options: readonly HTMLElement[],
  transportRow: HTMLElement,
  menu: HTMLElement,
): void {
  const compact = matchMedia(COMPACT_QUERY);
  const anchor = transportRow.querySelector('.fullscreen-button');
  const place = () => {
    for (const option of options) {
      if (compact.matches) menu.append(option);
      else transportRow.insertBefore(option, anchor);
    }
  };
  compact.addEventListener('change', place);
  place();
}

/**
 * Keeps `--topbar-height` on the page equal to the header's height, so an upright phone can give
 * the stage, caption and transport exactly the rest of the first screen.
 */
export function trackTopbarHeight(topbar: HTMLElement, page: HTMLElement): void {
  const set = () => page.style.setProperty('--topbar-height', `${topbar.getBoundingClientRect().height}px`);
  new ResizeObserver(set).observe(topbar);
  set();
}
