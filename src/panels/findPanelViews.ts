import { PANEL_KINDS, type PanelKind } from './panelKinds';

/**
 * The views of one side (the page's or the frame's) by panel kind, from the modules of the kinds'
 * folders whose names end in `suffix` (`./table/TablePageView.ts` is the table's page view, and
 * exports a class of that name). Throws, naming the folder, for a view of no listed kind or a
 * listed kind without one (`optional` kinds may go without).
 *
 * @remarks
 * The views are found by their folders so that a new kind is its folder and one line in
 * {@link PANEL_KINDS}: nothing else lists it.
 */
export function findPanelViews<View>(
  modules: Record<string, Record<string, unknown>>,
  suffix: string,
  optional: (kind: PanelKind) => boolean,
): Partial<Record<PanelKind, View>> {
  const views: Partial<Record<PanelKind, View>> = {};
  for (const [path, module] of Object.entries(modules)) {
    const [, folder, name] = /^\.\/([^/]+)\/([^/]+)\.ts$/.exec(path) ?? [];
    if (!Object.hasOwn(PANEL_KINDS, folder))
      throw new Error(`src/panels/${folder} has a ${suffix} but is not a panel kind: add it to PANEL_KINDS`);
    if (typeof module[name] !== 'function')
      throw new Error(`src/panels/${folder}/${name}.ts must export the class ${name}`);
    views[folder as PanelKind] = module[name] as View;
  }
  const missing = Object.keys(PANEL_KINDS).filter((kind) => !views[kind as PanelKind] && !optional(kind as PanelKind));
  if (missing.length > 0)
    throw new Error(`panel kinds without a ${suffix}: ${missing.map((kind) => `src/panels/${kind}`).join(', ')}`);
  return views;
}
