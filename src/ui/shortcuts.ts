import type { PlayerContext, SessionCommand } from '../player/playerMachine';

/** Page-level actions that are not the machine's business (they change the page, not the player). */
export interface ViewActions {
  toggleFullscreen(): void;
  openShortcuts(): void;
  /** Closes an open dialog; `false` when there was none to close. */
  closeOverlay(): boolean;
}

/** One row of the keyboard map: the keys, how the sheet writes them, and what they do. */
export interface Shortcut {
  readonly keys: readonly string[];
  readonly label: string;
  readonly does: string;
  /** The machine event for a key press, given the player's context. */
  readonly event?: (key: string, context: PlayerContext) => SessionCommand | null;
  readonly view?: (actions: ViewActions, context: PlayerContext) => SessionCommand | null;
}

/**
 * The keyboard map: the `?` sheet lists it and the key handler obeys it, so the two cannot differ.
 */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: [' ', 'k', 'K'], label: 'Space or K', does: 'Play or pause', event: () => ({ type: 'playback.toggle' }) },
  {
    keys: ['PageDown', 'ArrowRight', 'PageUp', 'ArrowLeft'],
    label: 'PageDown or → / PageUp or ←',
    does: 'Next beat (the animation plays to it and holds; past the last, the next scene) / previous beat',
    event: (key) => ({ type: key === 'PageDown' || key === 'ArrowRight' ? 'beat.next' : 'beat.prev' }),
  },
  {
    keys: ['Shift+ArrowLeft', 'Shift+ArrowRight'],
    label: 'Shift + ← / →',
    does: 'Previous / next round',
    event: (key) => ({ type: key === 'Shift+ArrowLeft' ? 'round.prev' : 'round.next' }),
  },
  {
    keys: [',', '.'],
    label: ', / .',
    does: 'One frame back / forward (while paused)',
    event: (key) => ({ type: 'frame.step', delta: key === ',' ? -1 : 1 }),
  },
  {
    keys: ['Home', 'End'],
    label: 'Home / End',
    does: 'Start / end of the scene',
    event: (key) => (key === 'Home' ? { type: 'playback.seek', time: 0 } : { type: 'playback.end' }),
  },
  {
    keys: ['[', ']'],
    label: '[ / ]',
    does: 'Previous / next scene',
    event: (key) => ({ type: key === '[' ? 'scene.prev' : 'scene.next' }),
  },
  {
    keys: ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
    label: '1 – 9',
    does: 'Jump to one of the first nine scenes (the scene menu has them all)',
    event: (key) => ({ type: 'scene.goto', index: Number(key) - 1 }),
  },
  {
    keys: ['c', 'C'],
    label: 'C',
    does: 'Captions on or off',
    event: (_, context) => ({ type: 'captions.set', captions: !context.view.captions }),
  },
  { keys: ['f', 'F'], label: 'F', does: 'Full screen', view: (actions) => (actions.toggleFullscreen(), null) },
  {
    keys: ['p', 'P'],
    label: 'P',
    does: 'Presentation mode',
    event: (_, context) => ({ type: 'present.set', present: !context.view.presenting }),
  },
  { keys: ['?'], label: '?', does: 'This sheet', view: (actions) => (actions.openShortcuts(), null) },
  {
    keys: ['Escape'],
    label: 'Esc',
    does: 'Close an overlay, leave presentation mode, let go of the inspected lanes',
    view: (actions, context) => {
      if (actions.closeOverlay()) return null;
      if (context.view.presenting) return { type: 'present.set', present: false };
      return context.view.lanes.length > 0 ? { type: 'lanes.set', lanes: [] } : null;
    },
  },
];
