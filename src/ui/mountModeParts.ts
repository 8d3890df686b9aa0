import { createElement } from './createElement';
import { loadOnFirstUse, mountWhenWanted, type LoadReport } from './loadOnFirstUse';
import { findModePart, type ModePanelContext } from './modeParts';

/**
 * Gives each mode of the session's table that has a panel its section of the page (before
 * `before`, `data-testid="<id>-panel"`), made the first time the mode opens from its folder's
 * code; returns the loads of the panels to fetch once the page is idle.
 */
export function mountModeParts(
  before: HTMLElement,
  context: Omit<ModePanelContext, 'root'> & { readonly report: LoadReport },
): (() => Promise<unknown>)[] {
  const { session, report } = context;
  return session.modes.flatMap((mode) => {
    if (mode.part === null) return [];
    const load = findModePart(mode);
    const root = createElement('section', {
      class: `scene-panel ${mode.id}-panel`,
      'data-testid': `${mode.id}-panel`,
      'aria-label': mode.label,
      hidden: '',
    });
    before.before(root);
    const make = () => load().then(({ mountMode }) => mountMode({ ...context, root }));
    mountWhenWanted(session, (snapshot) => snapshot.mode === mode.id, loadOnFirstUse(mode.part, make, report));
    return mode.prefetch ? [load] : [];
  });
}
