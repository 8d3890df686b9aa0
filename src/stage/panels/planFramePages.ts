/** A panel as the page planner sees it: its height, and where it may be cut between pages. */
export interface PageBlock {
  readonly height: number;
  /** Heights from its top at which it may be cut (between its items), in increasing order; none: whole only. */
  readonly breaks?: readonly number[];
}

/** The stretch `[from, to)` of panel `panel` (its index among the blocks) that a page shows. */
export interface PageSlice {
  readonly panel: number;
  readonly from: number;
  readonly to: number;
}

export interface FramePages {
  /** Each page's slices, top to bottom. */
  readonly pages: readonly (readonly PageSlice[])[];
  /** The page shown while each beat's caption shows. */
  readonly byBeat: readonly number[];
}

/** The height a page's slices take, stacked with `gap` between them. */
export function getPageHeight(page: readonly PageSlice[], gap: number): number {
  return page.reduce((sum, slice, i) => sum + slice.to - slice.from + (i > 0 ? gap : 0), 0);
}

/** Cuts the blocks, in order, into pages no taller than `room`, each block whole where it fits on a page. */
function cutPages(blocks: readonly PageBlock[], room: number, gap: number): PageSlice[][] {
  const pages: PageSlice[][] = [[]];
  const current = () => pages[pages.length - 1];
  const left = () => (current().length === 0 ? room : room - getPageHeight(current(), gap) - gap);
  blocks.forEach(({ height, breaks = [] }, panel) => {
    let from = 0;
    while (from < height) {
      // A panel that fits a page is never cut; a taller one is cut at its last break that fits.
      const fits = height <= room ? [] : breaks.filter((b) => b > from && b - from <= left());
      const to = height - from <= left() ? height : (fits.at(-1) ?? null);
      if (to !== null) {
        current().push({ panel, from, to });
        from = to;
      } else if (current().length > 0) pages.push([]);
      else {
        // Nothing fits an empty page: the shortest piece there is, shrunk to fit when it is drawn.
        const cut = breaks.find((b) => b > from) ?? height;
        current().push({ panel, from, to: cut });
        from = cut;
      }
    }
  });
  return pages.filter((page) => page.length > 0);
}

/**
 * The pages of a column of panels too tall to show whole at a size a room can read, and the page
 * each beat shows.
 *
 * @remarks
 * Panels keep their order and their size; a page holds as many as fit, and a panel taller than a
 * page is cut between its items. While a caption points at a panel its page shows. The pages no
 * caption points at take the last beats that point at none (a scene's takeaways, its question's
 * answer), in order; any other beat keeps the page before it, and beats before the first that
 * points show the page of the first that does. One page when everything fits: nothing moves.
 */
export function planFramePages(
  blocks: readonly PageBlock[],
  room: number,
  gap: number,
  pointed: readonly (number | null)[],
): FramePages {
  const pages = cutPages(blocks, room, gap);
  const pageOf = (panel: number) => pages.findIndex((page) => page.some((slice) => slice.panel === panel));
  const byBeat: (number | null)[] = pointed.map((panel) => (panel === null ? null : pageOf(panel)));
  const shown = new Set(byBeat);
  const unshown = pages.map((_, i) => i).filter((i) => !shown.has(i));
  const free = byBeat.flatMap((page, beat) => (page === null ? [beat] : []));
  const count = Math.min(unshown.length, free.length);
  free.slice(free.length - count).forEach((beat, i) => (byBeat[beat] = unshown[i]));
  const first = byBeat.find((page) => page !== null) ?? 0;
  let last = first;
  return { pages, byBeat: byBeat.map((page) => (last = page ?? last)) };
}
