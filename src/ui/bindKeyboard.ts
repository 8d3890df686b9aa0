import type { PlayerEvent } from '../player/playerMachine';

/** Page-level actions that are not the machine's business (they change the view, not playback). */
export interface ViewActions {
  toggleCaptions(): void;
  toggleFullscreen(): void;
  togglePresenting(): void;
  openShortcuts(): void;
  closeOverlays(): void;
}

/** Inputs whose keys are text; a checkbox or radio button leaves the shortcuts to the player. */
const TEXT_INPUTS = new Set(['text', 'number', 'search', 'email', 'url', 'tel', 'password']);

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT' ||
    (target instanceof HTMLInputElement && TEXT_INPUTS.has(target.type)));

const isPressable = (target: EventTarget | null) =>
  target instanceof HTMLElement && target.matches('button, a[href], input, summary, [role="button"]');

/** Maps a key to a machine event, or `null` when the key is not the machine's. */
export function getKeyEvent(key: string): PlayerEvent | null {
  switch (key) {
    case ' ':
    case 'k':
    case 'K':
      return { type: 'playback.toggle' };
    case 'ArrowLeft':
      return { type: 'round.prev' };
    case 'ArrowRight':
      return { type: 'round.next' };
    case ',':
      return { type: 'frame.step', delta: -1 };
    case '.':
      return { type: 'frame.step', delta: 1 };
    case 'Home':
      return { type: 'playback.seek', time: 0 };
    case 'End':
      return { type: 'playback.end' };
    case 'PageUp':
    case '[':
      return { type: 'scene.prev' };
    case 'PageDown':
    case ']':
      return { type: 'scene.next' };
  }
  if (/^[1-9]$/.test(key)) return { type: 'scene.goto', index: Number(key) - 1 };
  return null;
}

/** Listens for the player's shortcuts on the document, ignoring keys typed into a field. */
export function bindKeyboard(send: (event: PlayerEvent) => void, view: ViewActions): void {
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (isTyping(e.target)) {
      if (e.key === 'Escape') (e.target as HTMLElement).blur();
      return;
    }
    // Space presses a focused button, box or link, as keyboard users expect; K still plays.
    if (e.key === ' ' && isPressable(e.target)) return;
    const event = getKeyEvent(e.key);
    if (event) {
      e.preventDefault();
      send(event);
      return;
    }
    const viewAction: Record<string, () => void> = {
      c: view.toggleCaptions,
      C: view.toggleCaptions,
      f: view.toggleFullscreen,
      F: view.toggleFullscreen,
      p: view.togglePresenting,
      P: view.togglePresenting,
      '?': view.openShortcuts,
      Escape: view.closeOverlays,
    };
    const action = viewAction[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  });
}
