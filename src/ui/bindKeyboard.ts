import type { PlayerSession } from '../session/PlayerSession';
import { SHORTCUTS, type ViewActions } from './shortcuts';

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

const PASS_THROUGH = new Set(['PageUp', 'PageDown', 'Escape']);

const BY_KEY = new Map(SHORTCUTS.flatMap((shortcut) => shortcut.keys.map((key) => [key, shortcut] as const)));

/** The fields a person has typed in since they took the focus: their keys are theirs. */
const typedIn = new WeakSet<EventTarget>();

/**
 * An empty field of whole numbers that nobody has typed in yet (the prediction a scene opens with
 * the focus in it) lets the letters' shortcuts (P presents, F full screen, C captions, ?) and the
 * scene keys [ ] reach the player, so P just after a scene opens its question presents. Once a
 * person types in a field its keys stay there: "30c72" typed into a pitch is the field's to refuse,
 * and captions never toggle on the way.
 */
const passesNumberField = (target: EventTarget | null, key: string) =>
  target instanceof HTMLInputElement &&
  target.inputMode === 'numeric' &&
  target.value === '' &&
  !typedIn.has(target) &&
  /^[a-zA-Z?[\]]$/.test(key) &&
  BY_KEY.has(key);

/** Listens for the player's shortcuts (see {@link SHORTCUTS}) on the document, leaving typed keys in their field. */
export function bindKeyboard(session: PlayerSession, actions: ViewActions): void {
  document.addEventListener('input', (e) => e.target && typedIn.add(e.target));
  document.addEventListener('focusout', (e) => e.target && typedIn.delete(e.target));
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    // A clicker's keys and Esc reach the player even from a field, so a presenter is never stuck.
    if (isTyping(e.target)) {
      // A code editor keeps every key: it pages through its text, and Esc closes its popup or does
      // nothing (an Esc that left it sent the next keys typed to the player); Tab moves on.
      if ((e.target as HTMLElement).closest('[data-keeps-page-keys]')) return;
      if (!PASS_THROUGH.has(e.key) && !passesNumberField(e.target, e.key)) return;
      (e.target as HTMLElement).blur();
    }
    // Space presses a focused button, box or link, as keyboard users expect; K still plays.
    if (e.key === ' ' && isPressable(e.target)) return;
    const key = e.shiftKey && e.key.startsWith('Arrow') ? `Shift+${e.key}` : e.key;
    const shortcut = BY_KEY.get(key);
    if (!shortcut) return;
    e.preventDefault();
    const { context } = session.getSnapshot();
    const event = shortcut.event ? shortcut.event(key, context) : shortcut.view!(actions, context);
    if (event) session.send(event);
  });
}
