import type { PlayerSession } from '../session/PlayerSession';
import { createQuestionForm } from './createQuestionForm';

/**
 * The question a scene (or Explore) asks before it plays, over the stage, which waits behind it
 * blurred with every count hidden, since they would give the answer away. The verdict goes beside
 * the stage (see VerdictView), never over it.
 */
export class PredictionView {
  /** The question on show: Explore asks the same question (`rounds`) of every access, so it is known by its access. */
  private shown = '';

  constructor(slot: HTMLElement, root: HTMLElement, session: PlayerSession) {
    session.on('state', ({ state, entry, context }) => {
      const asking = state === 'awaitingPrediction';
      root.classList.toggle('is-predicting', asking);
      // Presenting asks the room: the question is drawn in the frame, and no field takes focus.
      if (!asking || context.presenting) {
        if (slot.childElementCount > 0) slot.replaceChildren();
        this.shown = '';
        return;
      }
      const key = entry.question ? `${entry.id}|${entry.question.id}|${JSON.stringify(entry.question.access)}` : '';
      if (!entry.question || key === this.shown) return;
      this.shown = key;
      slot.replaceChildren(
        createQuestionForm(entry.question, {
          onAnswer: (answer, attempt, hinted) => session.send({ type: 'prediction.submit', answer, attempt, hinted }),
          onWrongTry: (answer, attempt) => session.send({ type: 'prediction.attempt', answer, attempt, hinted: false }),
          onSkip: () => session.send({ type: 'prediction.skip' }),
        }),
      );
      // A learner typing in a field (Explore's access) keeps the field: the question waits for them,
      // and the page does not jump to it at every keystroke.
      const typing = document.activeElement?.matches('input, select, textarea') ?? false;
      if (!typing) slot.querySelector<HTMLInputElement>('input')?.focus();
    });
  }
}
