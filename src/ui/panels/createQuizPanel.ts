import type { ProgramEntry, ReadyQuestion } from '../../program/createProgram';
import type { PlayerSession } from '../../session/PlayerSession';
import { getExploreSearch } from '../../session/playerUrl';
import { createElement } from '../createElement';
import { createExplainForm, createQuestionForm, createVerdict } from '../createQuestionForm';

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
  const allAnswered = () =>
    entry.quiz.every(
      (q) => `${entry.id}/${q.id}` in answers() && (!q.explain || `${entry.id}/${q.id}/explain` in answers()),
    );
  const verdict = (q: ReadyQuestion, answer: string, withoutExplanation = false) =>
    createVerdict(q, answer, {
      withoutExplanation,
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
  // A question in words comes after its number, and its explanation waits until the learner's own.
  const revealed = (q: ReadyQuestion, answer: string) => {
    if (!q.explain) return [verdict(q, answer)];
    const key = `${q.id}/explain`;
    return [
      verdict(q, answer, true),
      createExplainForm(q, answers()[`${entry.id}/${key}`], (text) => {
        session.send({ type: 'quiz.answer', questionId: key, answer: text });
        if (allAnswered()) compare.open = true;
      }),
    ];
  };
  const items = entry.quiz.map((q) => {
    const given = answers()[`${entry.id}/${q.id}`];
    const item = createElement('div', { class: 'quiz-item' });
    if (given !== undefined) item.replaceChildren(...revealed(q, given));
    else
      item.replaceChildren(
        createQuestionForm(q, {
          onAnswer: (answer) => {
            session.send({ type: 'quiz.answer', questionId: q.id, answer });
            item.replaceChildren(...revealed(q, answer));
            if (allAnswered()) compare.open = true;
          },
        }),
      );
    return item;
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
