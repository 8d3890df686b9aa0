import type { PlayerSession } from '../session/PlayerSession';
import { getExploreSearch } from '../session/playerUrl';
import { createVerdict } from './createQuestionForm';
import { revealInScroller } from './revealInScroller';

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
  /** Whether the stage shows the verdict until the learner watches (compact screens). */
  private overStage = false;
  /** The scene last shown, and whether its question was still open then. */
  private asked: string | null = null;
  private unanswered = false;

  constructor(
    private readonly beside: HTMLElement,
    private readonly onStage: HTMLElement,
    session: PlayerSession,
    private readonly compact: () => boolean,
  ) {
    session.select(
      ({ entry, context, stage }) => {
        const answer = entry.question ? context.predictions[context.scenes[context.sceneIndex]?.id ?? ''] : undefined;
        return [entry.id, entry.title, answer, stage] as const;
      },
      ([id, , answer, stage], { entry, state }) => {
        const question = entry.question;
        const answeredNow = id === this.asked && answer !== undefined && this.unanswered;
        this.asked = id;
        this.unanswered = answer === undefined;
        // An empty prediction is a question passed over on the way here: there is nothing to judge.
        this.overStage = Boolean(question && answer) && state === 'paused';
        if (!question || !answer) {
          beside.replaceChildren();
          return this.place();
        }
        const verdict = () =>
          createVerdict(question, answer, {
            onWatch: () => session.send({ type: 'playback.play' }),
            explore:
              stage !== 'lesson'
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
        this.place();
        // Answered just now: the verdict, at the side panel's top, is brought into view there.
        if (answeredNow && !this.beside.hidden) revealInScroller(this.beside);
      },
    );
    session.select(
      ({ state }) => state,
      (state) => {
        beside.classList.toggle('is-waiting', state === 'paused');
        if (state !== 'paused' && state !== 'entering') this.overStage = false;
        this.place();
      },
    );
  }

  /** Beside the stage on a wide page; over it on a compact one, until the animation runs. */
  private place(): void {
    const small = this.compact();
    this.beside.hidden = small || this.beside.childElementCount === 0;
    const over = small && this.overStage;
    if (!over && !small && this.onStage.childElementCount > 0) this.onStage.replaceChildren();
    this.onStage.hidden = !over;
  }
}
