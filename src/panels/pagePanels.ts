import type { ProgramEntry } from '../program/createProgram';
import type { PlayerSession } from '../session/PlayerSession';
import { findPanelViews } from './findPanelViews';
import { PANEL_KINDS, type PanelKind, type PanelRecords } from './panelKinds';

/** What a page view may need beyond its record: its scene, and the session that keeps the learner's answers. */
export interface PageViewContext {
  readonly entry: ProgramEntry;
  readonly session: PlayerSession;
}

/** A panel of one kind in the page: its element, and how it draws each later record (a still one has none). */
export interface PagePanel<K extends PanelKind = PanelKind> {
  readonly element: HTMLElement;
  draw?(record: PanelRecords[K]): void;
}

type PageViewClass<K extends PanelKind> = new (first: PanelRecords[K], context: PageViewContext) => PagePanel<K>;

/** Each kind's page view (`src/panels/<kind>/…PageView.ts`); a kind the page shows elsewhere has none. */
const PAGE_VIEWS = findPanelViews<PageViewClass<PanelKind>>(
  import.meta.glob('./*/*PageView.ts', { eager: true }),
  'PageView',
  (kind) => PANEL_KINDS[kind].elsewhereOnPage === true,
);

/** Makes the page's view of a panel from its first record, or `null` for a kind the page shows elsewhere. */
export function createPagePanel<K extends PanelKind>(
  kind: K,
  first: PanelRecords[K],
  context: PageViewContext,
): PagePanel<K> | null {
  const View = PAGE_VIEWS[kind] as PageViewClass<K> | undefined;
  return View ? new View(first, context) : null;
}
