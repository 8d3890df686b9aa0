import type { PlayerSession } from '../session/PlayerSession';
import { getExploreSearch } from '../session/playerUrl';
import { createQuestionForm } from './createQuestionForm';

/**
 * The question a scene (or Explore) asks before it plays, over the stage, which waits behind it
 * blurred with every count hidden, since they would give the answer away.
 */
export class PredictionView {
  constructor(slot: HTMLElement, root: HTMLElement, session: PlayerSession) {
    session.on('scene', () => slot.replaceChildren());
    session.on('state', ({ state, entry }) => {
      const asking = state === 'awaitingPrediction';
      root.classList.toggle('is-predicting', asking);
      if (!asking || !entry.question || slot.childElementCount > 0) return;
      slot.append(
        createQuestionForm(entry.question, {
          onAnswer: (answer) => session.send({ type: 'prediction.submit', answer }),
          onSkip: () => {
            slot.replaceChildren();
            session.send({ type: 'prediction.skip' });
          },
          onDismiss: () => slot.replaceChildren(),
          exploreHref: session.mode === 'explore' ? undefined : `?${getExploreSearch(entry.question.access)}`,
        }),
      );
      slot.querySelector<HTMLInputElement>('input')?.focus();
    });
  }
}
