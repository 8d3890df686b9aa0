/**
 * Scrolls `element` into view inside the nearest box that scrolls it, and nothing further out: the
 * page itself never moves (unlike `scrollIntoView`, which scrolls every ancestor, the page too).
 */
export function revealInScroller(element: HTMLElement, margin = 8): void {
  let box = element.parentElement;
  while (box && box !== document.body) {
    const { overflowY } = getComputedStyle(box);
    if ((overflowY === 'auto' || overflowY === 'scroll') && box.scrollHeight > box.clientHeight) break;
    box = box.parentElement;
  }
  if (!box || box === document.body) return;
  const top = element.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
  const bottom = top + element.offsetHeight;
  if (top >= box.scrollTop && bottom <= box.scrollTop + box.clientHeight) return;
  // Out of view: centred, or, taller than the box, its top shown.
  const centred = top - (box.clientHeight - element.offsetHeight) / 2;
  box.scrollTop = Math.max(0, Math.min(centred, top - margin));
}
