import type { SessionCommand } from '../player/playerMachine';
import type { PlayerSession } from '../session/PlayerSession';
import { createElement } from './createElement';

/** One button of the mode switch: its mode, its label and what pressing it asks of the session. */
export interface ModeButton {
  readonly id: string;
  readonly label: string;
  readonly command: (session: PlayerSession) => SessionCommand;
}

/** The mode switch's buttons, one a mode of the session's table, in its order. */
export const getModeButtons = (session: PlayerSession): readonly ModeButton[] =>
  session.modes.map(({ id, label }) => ({
    id,
    label,
    command: (s) => ({ type: 'mode.open', mode: id, time: s.getSnapshot().time }),
  }));

/**
 * The modes as one place: a button a mode in the header (the lesson, Explore, Kernel, Puzzles…, as
 * the mode table lists them). Leaving the lesson remembers its scene and moment, and coming back
 * returns there with every answer kept.
 */
export class ModeSwitchView {
  constructor(group: HTMLElement, session: PlayerSession) {
    const buttons = getModeButtons(session).map((mode) => {
      const button = createElement(
        'button',
        { type: 'button', 'data-control': `mode-${mode.id}`, 'aria-pressed': 'false' },
        mode.label,
      );
      button.addEventListener('click', () => session.send(mode.command(session)));
      return { id: mode.id, button };
    });
    group.replaceChildren(...buttons.map((b) => b.button));
    session.select(
      ({ mode }) => mode,
      (mode) => {
        for (const { id, button } of buttons) button.setAttribute('aria-pressed', String(id === mode));
      },
    );
  }
}
