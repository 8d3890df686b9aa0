import type { PlayerSession } from '../session/PlayerSession';
import { createQuestionForm } from './createQuestionForm';

/**
 * The question a scene (or Explore) asks before it plays, over the stage, which waits behind it
 * blurred with every count hidden, since they would give the answer away. The verdict goes beside
 * the stage (see VerdictView), never over it.
 */
export class PredictionView {
  constructor(slot: HTMLElement, root: HTMLElement, session: PlayerSession) {
    // Explore asks the same question (`rounds`) of every access, so a question is known by its access too.
    session.select(
      ({ state, entry, context }) => {
        const asking = state === 'awaitingPrediction';
        // Presenting asks the room: the question is drawn in the frame, and no field takes focus.
        const shown = asking && !context.view.presenting && entry.question;
        return [asking, shown ? `${entry.id}|${shown.id}|${JSON.stringify(shown.access)}` : ''] as const;
      },
      ([asking, shown], { entry }) => {
        root.classList.toggle('is-predicting', asking);
        if (!shown || !entry.question) {
          if (slot.childElementCount > 0) slot.replaceChildren();
          return;
        }
        slot.replaceChildren(
          createQuestionForm(entry.question, {
            onAnswer: (answer, attempt, hinted) => session.send({ type: 'prediction.submit', answer, attempt, hinted }),
            onWrongTry: (answer, attempt) =>
              session.send({ type: 'prediction.attempt', answer, attempt, hinted: false }),
            onSkip: () => session.send({ type: 'prediction.skip' }),
          }),
        );
        // A learner typing in a field (Explore's access) keeps the field: the question waits for them,
        // and the page does not jump to it at every keystroke.
        const typing = document.activeElement?.matches('input, select, textarea') ?? false;
        if (!typing && mayTakeFocus(root)) slot.querySelector<HTMLInputElement>('input')?.focus();
      },
    );
    // An embedded player given the focus (the host's own call, or a person's click) offers the field.
    window.addEventListener('focus', () => {
      if (!root.classList.contains('is-embedded') || document.activeElement !== document.body) return;
      slot.querySelector<HTMLInputElement>('input')?.focus();
    });
  }
}

/**
 * Whether the player may move the focus to a question's field: always on its own page; embedded,
 * only once the frame has the focus, so that a course page or a slide deck keeps its keyboard (and
 * its scroll: focusing a field in a frame scrolls the host page to it) until a person or the host
 * gives the player the focus.
 */
function mayTakeFocus(root: HTMLElement): boolean {
  return !root.classList.contains('is-embedded') || document.hasFocus();
}
