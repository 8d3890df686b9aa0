import type { ProgramEntry, ReadyQuestion } from '../../program/createProgram';
import type { PlayerSession } from '../../session/PlayerSession';
import { getExploreSearch } from '../../session/playerUrl';
import { createElement } from '../createElement';
import { createQuestionForm, createVerdict } from '../createQuestionForm';

/**
 * The lesson's questions, each predicted before its reveal, then the points to compare one's
 * explanations with: they open by themselves once every question is answered. Answers are the
 * session's, so they are still there after a visit to Explore or a reload.
 */
export function createQuizPanel(entry: ProgramEntry, session: PlayerSession): HTMLElement {
  const answers = () => session.getSnapshot().context.answers;
  const compare = createElement(
    'details',
    { class: 'takeaways', 'data-testid': 'takeaways' },
    createElement('summary', {}, 'Compare your explanation'),
    createElement('ul', {}, ...entry.takeaways.map((t) => createElement('li', {}, t))),
  );
  const allAnswered = () => entry.quiz.every((q) => `${entry.id}/${q.id}` in answers());
  const verdict = (q: ReadyQuestion, answer: string) =>
    createVerdict(q, answer, {
      explore: {
        href: `?${getExploreSearch(q.access)}`,
        // A rounds question answered here is not asked again there; another kind is just not asked.
        open: () =>
          session.send({
            type: 'explore.open',
            time: session.getSnapshot().time,
            access: q.access,
            answered: q.kind === 'number' ? answer : '',
          }),
      },
    });
  const items = entry.quiz.map((q) => {
    const given = answers()[`${entry.id}/${q.id}`];
    if (given !== undefined) return verdict(q, given);
    const form = createQuestionForm(q, {
      onAnswer: (answer) => {
        session.send({ type: 'quiz.answer', questionId: q.id, answer });
        form.replaceWith(verdict(q, answer));
        if (allAnswered()) compare.open = true;
      },
    });
    return form;
  });
  compare.open = allAnswered();
  return createElement(
    'section',
    { class: 'panel', 'data-panel': 'quiz' },
    createElement('h2', {}, 'Try it yourself'),
    ...items,
    ...(entry.takeaways.length > 0 ? [compare] : []),
  );
}
