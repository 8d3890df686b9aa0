/**
 * Keeps the field being typed in where it is on screen while what it changes redraws around it.
 *
 * @remarks
 * Each keystroke in Explore's form can change the height of what follows it (the bank cards, the
 * tile): where that shrinks the scroller's content below its scroll position, the browser clamps
 * the scroll, and the field under the learner's fingers jumps (312 px on one keystroke in the warp
 * field). So while the form holds the focus, a spacer at the scroller's end keeps the content at
 * least as tall as the scroll position needs, and the scroll is set back so the field stays put;
 * the spacer goes once the focus leaves the form.
 */
export function keepFieldInPlace(form: HTMLElement): void {
  const spacer = document.createElement('div');
  spacer.setAttribute('aria-hidden', 'true');
  let spare = 0;
  const setSpare = (height: number) => {
    spare = Math.max(0, Math.round(height));
    spacer.style.height = spare === 0 ? '' : `${spare}px`;
  };
  form.addEventListener(
    'input',
    (event) => {
      const field = event.target as HTMLElement;
      const scroller = findScroller(form);
      // The spacer sits at the end of whichever box scrolls the form: the side panel, or a phone's page.
      const end = scroller === document.scrollingElement ? document.body : scroller;
      if (spacer.parentElement !== end || end.lastElementChild !== spacer) end.append(spacer);
      const top = field.getBoundingClientRect().top;
      const scroll = scroller.scrollTop;
      // After the access is committed and the views around have redrawn (this frame or the next).
      const settle = () => {
        if (!field.isConnected) return;
        const wanted = scroll + (field.getBoundingClientRect().top - top) + (scroller.scrollTop - scroll);
        const room = scroller.scrollHeight - spare - scroller.clientHeight;
        setSpare(wanted - room);
        scroller.scrollTop = wanted;
      };
      queueMicrotask(settle);
      requestAnimationFrame(() => {
        settle();
        requestAnimationFrame(settle);
      });
    },
    { capture: true },
  );
  form.addEventListener('focusout', (event) => {
    if (!form.contains(event.relatedTarget as Node | null)) setSpare(0);
  });
}

/** The box that scrolls `element`: its nearest ancestor that scrolls, else the page. */
function findScroller(element: HTMLElement): HTMLElement {
  for (let box = element.parentElement; box; box = box.parentElement) {
    const { overflowY } = getComputedStyle(box);
    if ((overflowY === 'auto' || overflowY === 'scroll') && box.scrollHeight > box.clientHeight) return box;
  }
  return (document.scrollingElement as HTMLElement | null) ?? document.documentElement;
}
