import type { ReadyQuestion } from '../player/createProgram';
import { createElement } from './createElement';

/**
 * A prediction: the prompt, a number field or choices, and a reveal that sets the learner's answer
 * beside the engine's with an explanation to compare with. Nothing is revealed before an answer.
 */
export interface QuestionHandlers {
  onAnswer(answer: string): void;
  onSkip?(): void;
  /** Offered after the reveal ("Watch it"). */
  onDismiss?(): void;
  /** A link to open the question's access in Explore, when the learner is not there already. */
  exploreHref?: string;
}

export function createQuestionForm(question: ReadyQuestion, handlers: QuestionHandlers): HTMLElement {
  const { onAnswer, onSkip, onDismiss, exploreHref } = handlers;
  const id = `question-${question.id}`;
  const error = createElement('p', { class: 'field-error', id: `${id}-error`, role: 'alert' });
  const field =
    question.kind === 'number'
      ? createElement('input', {
          type: 'text',
          inputmode: 'numeric',
          id: `${id}-answer`,
          name: 'answer',
          autocomplete: 'off',
          'aria-describedby': `${id}-error`,
        })
      : createElement(
          'fieldset',
          { class: 'choices' },
          createElement('legend', { class: 'visually-hidden' }, 'Your answer'),
          ...question.choices.map((choice) =>
            createElement(
              'label',
              {},
              createElement('input', { type: 'radio', name: 'answer', value: choice }),
              ` ${choice}`,
            ),
          ),
        );
  const form = createElement(
    'form',
    { class: 'question', 'data-testid': 'question', 'data-question': question.id, 'aria-labelledby': `${id}-prompt` },
    createElement('p', { class: 'question-prompt', id: `${id}-prompt` }, question.prompt),
    createElement(
      'div',
      { class: 'question-row' },
      question.kind === 'number' ? createElement('label', { for: `${id}-answer` }, 'Your prediction') : '',
      field,
      createElement('button', { type: 'submit' }, 'Reveal'),
      onSkip ? createElement('button', { type: 'button', 'data-action': 'skip' }, 'Skip') : '',
    ),
    error,
  );
  form.querySelector('[data-action="skip"]')?.addEventListener('click', () => onSkip?.());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const raw = String(new FormData(form).get('answer') ?? '').trim();
    if (question.kind === 'number' && !/^\d{1,4}$/.test(raw)) {
      error.textContent =
        raw === ''
          ? 'Your prediction: enter a number of rounds first.'
          : 'Your prediction: enter a whole number of rounds, like 4.';
      return;
    }
    if (question.kind === 'choice' && !question.choices.includes(raw)) {
      error.textContent = 'Your answer: choose one of the options first.';
      return;
    }
    const answer = question.kind === 'number' ? String(Number(raw)) : raw;
    const right = answer === question.answer;
    form.replaceWith(
      createElement(
        'div',
        { class: `reveal ${right ? 'is-right' : 'is-wrong'}`, 'data-testid': 'reveal', 'data-question': question.id },
        createElement('p', { class: 'question-prompt' }, question.prompt),
        createElement(
          'p',
          { class: 'reveal-answers' },
          'You: ',
          createElement('strong', { 'data-testid': 'reveal-yours' }, answer),
          ' · The engine: ',
          createElement('strong', { 'data-testid': 'reveal-engine' }, question.answer),
          right ? ' ✓' : '',
        ),
        createElement('p', { class: 'reveal-explanation' }, question.explanation),
        exploreHref ? createElement('a', { href: exploreHref }, 'Inspect it in Explore') : '',
        onDismiss ? createElement('button', { type: 'button', 'data-action': 'dismiss' }, 'Watch it') : '',
      ),
    );
    document
      .querySelector(`[data-testid="reveal"][data-question="${question.id}"] [data-action="dismiss"]`)
      ?.addEventListener('click', () => onDismiss?.());
    onAnswer(answer);
  });
  return form;
}
