import type { ReadyQuestion } from '../../program/readyQuestion';
import { getExploreSearch } from '../../session/playerUrl';
import { createElement } from '../../ui/createElement';
import { createExplainForm, createQuestionForm, createVerdict } from '../../ui/createQuestionForm';
import type { PageViewContext } from '../pagePanels';
import type { QuizRecord } from './quizPanel';

/**
 * The lesson's questions in the page, each predicted before its reveal, then the points to compare
 * one's explanations with: they open by themselves once every question is answered. Answers are the
 * session's, so they are still there after a visit to Explore or a reload.
 */
export class QuizPageView {
  readonly element: HTMLElement;

  constructor(first: QuizRecord, { entry, session }: PageViewContext) {
    const answers = () => session.getSnapshot().context.answers;
    const questions = first.items.map((item) => item.question);
    const compare = first.compare
      ? createElement(
          'details',
          { class: 'takeaways', 'data-testid': 'takeaways' },
          createElement('summary', {}, first.compare.heading),
          createElement('ul', {}, ...first.compare.points.map((t) => createElement('li', {}, t))),
        )
      : null;
    const allAnswered = () =>
      questions.every(
        (q) => `${entry.id}/${q.id}` in answers() && (!q.explain || `${entry.id}/${q.id}/explain` in answers()),
      );
    const answered = () => {
      if (compare && allAnswered()) compare.open = true;
    };
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
          answered();
        }),
      ];
    };
    const items = questions.map((q) => {
      const given = answers()[`${entry.id}/${q.id}`];
      const item = createElement('div', { class: 'quiz-item' });
      if (given !== undefined) item.replaceChildren(...revealed(q, given));
      else
        item.replaceChildren(
          createQuestionForm(q, {
            onAnswer: (answer) => {
              session.send({ type: 'quiz.answer', questionId: q.id, answer });
              item.replaceChildren(...revealed(q, answer));
              answered();
            },
          }),
        );
      return item;
    });
    if (compare) compare.open = allAnswered();
    this.element = createElement(
      'section',
      { class: 'panel', 'data-panel': 'quiz' },
      createElement('h2', {}, first.heading),
      ...items,
      ...(compare ? [compare] : []),
    );
  }
}
