/**
 * Lays the page out for embedding: the scene menu joins the compact transport, and the scene's
 * title, the page's heading, stays for screen readers when the header it sits in is hidden. The
 * verdict on a prediction stands over the stage (see VerdictView); the CSS does the rest.
 */
export function mountEmbed(root: HTMLElement): void {
  root.classList.add('is-embedded');
  const find = (selector: string) => root.querySelector<HTMLElement>(selector)!;
  find('.transport-row').insertBefore(find('.chapter-picker'), find('.fullscreen-button'));
  const title = find('[data-testid="scene-title"]');
  title.classList.add('visually-hidden');
  find('.stage-column').prepend(title);
}

/**
 * Why this page may not be shown in the frame it is in, or `null` when it may: a link that lists
 * origins (`origin=`) lets only those pages frame it. The framing page's origin comes from the
 * browser (`location.ancestorOrigins`, else the referrer), never from the page itself.
 */
export function getFramingRefusal(origins: readonly string[]): string | null {
  if (window.parent === window || origins.length === 0) return null;
  let framer = location.ancestorOrigins?.[0] ?? null;
  if (framer === null && document.referrer) framer = new URL(document.referrer).origin;
  if (framer === null || origins.includes(framer)) return null;
  return `This player may only be embedded by ${origins.join(', ')}; this page is ${framer}.`;
}
