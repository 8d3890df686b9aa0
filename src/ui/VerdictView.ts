import type { PlayerSession } from '../session/PlayerSession';
import { getExploreSearch } from '../session/playerUrl';
import { createVerdict } from './createQuestionForm';

/**
 * Beside the stage: the learner's prediction for the scene on stage next to the model's, with the
 * verdict in words and the explanation, for as long as the scene is on stage. The animation waits
 * until "Watch it".
 */
export class VerdictView {
  private shown = '';

  constructor(root: HTMLElement, session: PlayerSession) {
    session.on('state', ({ entry, context, mode, state }) => {
      const question = entry.question;
      const answer = question ? context.predictions[context.scenes[context.sceneIndex]?.id ?? ''] : undefined;
      const key = `${entry.id}|${entry.title}|${answer}`;
      root.classList.toggle('is-waiting', state === 'paused');
      if (key === this.shown) return;
      this.shown = key;
      // An empty prediction is a question passed over on the way here: there is nothing to judge.
      root.hidden = !question || !answer;
      if (!question || !answer) return root.replaceChildren();
      root.replaceChildren(
        createVerdict(question, answer, {
          onWatch: () => session.send({ type: 'playback.play' }),
          explore:
            mode === 'explore'
              ? undefined
              : {
                  href: `?${getExploreSearch(question.access)}`,
                  open: () =>
                    session.send({
                      type: 'explore.open',
                      time: session.getSnapshot().time,
                      access: question.access,
                      answered: answer,
                    }),
                },
        }),
      );
    });
  }
}
