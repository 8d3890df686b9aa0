import type { PlayerSession } from '../session/PlayerSession';
import { getExploreSearch } from '../session/playerUrl';
import { createVerdict } from './createQuestionForm';

/**
 * The learner's prediction for the scene on stage next to the model's, with the verdict in words
 * and the explanation; the animation waits until "Watch it".
 *
 * @remarks
 * Where the question was asked it is answered: on a wide page beside the stage, for as long as the
 * scene is on stage; where the page has no room beside the stage (a phone, a small embed), over the
 * stage in the question's place, and it folds away once the animation runs, so it never covers it.
 */
export class VerdictView {
  private shown = '';
  /** The answer the stage shows its verdict for, until the learner watches (compact screens). */
  private overStage = '';

  constructor(
    private readonly beside: HTMLElement,
    private readonly onStage: HTMLElement,
    session: PlayerSession,
    compact: () => boolean,
  ) {
    session.on('state', ({ entry, context, mode, state }) => {
      const question = entry.question;
      const answer = question ? context.predictions[context.scenes[context.sceneIndex]?.id ?? ''] : undefined;
      const key = `${entry.id}|${entry.title}|${answer}`;
      beside.classList.toggle('is-waiting', state === 'paused');
      if (state !== 'paused' && state !== 'entering') this.overStage = '';
      if (key !== this.shown) {
        this.shown = key;
        // An empty prediction is a question passed over on the way here: there is nothing to judge.
        if (!question || !answer) {
          this.overStage = '';
          beside.replaceChildren();
        } else {
          if (state === 'paused') this.overStage = key;
          const verdict = () =>
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
            });
          beside.replaceChildren(verdict());
          onStage.replaceChildren(verdict());
        }
      }
      const small = compact();
      beside.hidden = small || beside.childElementCount === 0;
      const over = small && this.overStage === key;
      if (!over && onStage.childElementCount > 0 && !small) onStage.replaceChildren();
      onStage.hidden = !over;
    });
  }
}
