import { createElement } from '../createElement';

/**
 * Marks the stage while the kernel's source does not run: its last instruction stays, dimmed, with a
 * notice saying whose it is. A class and a notice of Kernel mode's own, so that Explore's mark of a
 * bad field (the same look) never clears or sets it.
 */
export function createStaleStageMark(stage: HTMLElement): (stale: boolean) => void {
  const notice = createElement(
    'p',
    { class: 'stage-stale', 'data-testid': 'kernel-stage-stale', role: 'status', hidden: '' },
    'Showing the last kernel that ran: the source has an error.',
  );
  stage.append(notice);
  return (stale) => {
    stage.classList.toggle('is-kernel-stale', stale);
    notice.hidden = !stale;
  };
}
