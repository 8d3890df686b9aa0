import type { ReadyQuestion } from '../../player/createProgram';
import { getExploreSearch } from '../../session/playerUrl';
import { createElement } from '../createElement';
import { createQuestionForm } from '../createQuestionForm';

/**
 * The lesson's questions, each predicted before its reveal, then the points to compare one's
 * explanations with: they open by themselves once every question is revealed.
 */
export function createQuizPanel(quiz: readonly ReadyQuestion[], takeaways: readonly string[]): HTMLElement {
  const compare = createElement(
    'details',
    { class: 'takeaways', 'data-testid': 'takeaways' },
    createElement('summary', {}, 'Compare your explanation'),
    createElement('ul', {}, ...takeaways.map((t) => createElement('li', {}, t))),
  );
  let answered = 0;
  return createElement(
    'section',
    { class: 'panel', 'data-panel': 'quiz' },
    createElement('h2', {}, 'Try it yourself'),
    ...quiz.map((q) =>
      createQuestionForm(q, {
        onAnswer: () => {
          answered += 1;
          if (answered === quiz.length) compare.open = true;
        },
        exploreHref: `?${getExploreSearch(q.access)}`,
      }),
    ),
    ...(takeaways.length > 0 ? [compare] : []),
  );
}
