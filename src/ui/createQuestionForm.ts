import type { ReadyQuestion } from '../program/readyQuestion';
import { createElement } from './createElement';
import { plural } from '../engine';

export interface QuestionHandlers {
  /**
   * The learner's final answer: right at once, or after the one more try a wrong answer earns;
   * `attempt` is which try it was, `hinted` whether a hint came before it.
   */
  onAnswer(answer: string, attempt: number, hinted: boolean): void;
  /** A first try that was wrong: it earned a hint and one more go. */
  onWrongTry?(answer: string, attempt: number): void;
  onSkip?(): void;
}

/**
 * A prediction: the prompt, a number field or choices, and Reveal. A wrong first answer earns a
 * hint and one more try; the answer after that (or a right one) is final. Nothing is revealed here:
 * the caller shows the verdict where it belongs.
 */
export function createQuestionForm(question: ReadyQuestion, handlers: QuestionHandlers): HTMLFormElement {
  const id = `question-${question.id}`;
  const message = createElement('p', { class: 'field-error', id: `${id}-error`, role: 'alert' });
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
  const skip = handlers.onSkip ? createElement('button', { type: 'button', 'data-action': 'skip' }, 'Skip') : '';
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
      skip,
    ),
    message,
  );
  if (skip) skip.addEventListener('click', () => handlers.onSkip?.());
  let tries = 0;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const raw = String(new FormData(form).get('answer') ?? '').trim();
    if (question.kind === 'number' && !/^\d{1,4}$/.test(raw)) {
      message.textContent =
        raw === ''
          ? 'Your prediction: enter a number of rounds first.'
          : 'Your prediction: enter a whole number of rounds, like 4.';
      return;
    }
    if (question.kind === 'choice' && !question.choices.includes(raw)) {
      message.textContent = 'Your answer: choose one of the options first.';
      return;
    }
    const answer = question.kind === 'number' ? String(Number(raw)) : raw;
    tries += 1;
    if (answer !== question.answer && tries === 1) {
      message.textContent = question.hint;
      form.dataset.tries = String(tries);
      handlers.onWrongTry?.(answer, tries);
      return;
    }
    handlers.onAnswer(answer, tries, tries > 1);
  });
  return form;
}

/** The verdict in words: right, or how far off. */
function getVerdictText(question: ReadyQuestion, answer: string): string {
  if (answer === question.answer) return 'Right: that is what the model finds.';
  if (question.kind === 'number') {
    const off = Number(answer) - Number(question.answer);
    return `Not this time: ${plural(Math.abs(off), 'round')} too ${off > 0 ? 'many' : 'few'}.`;
  }
  return 'Not this time: the model finds the other answer.';
}

export interface VerdictOptions {
  /** Starts the animation ("Watch it"), where the question held it back. */
  onWatch?(): void;
  /** Opens the question's access in Explore, when the learner is not there already. */
  explore?: { href: string; open(): void };
  /** Leaves the explanation out: the learner writes their own first (see createExplainForm). */
  withoutExplanation?: boolean;
}

/** The learner's answer beside the model's, the verdict in words, and the explanation to compare with. */
export function createVerdict(question: ReadyQuestion, answer: string, options: VerdictOptions = {}): HTMLElement {
  const right = answer === question.answer;
  const watch = options.onWatch
    ? createElement('button', { type: 'button', class: 'primary', 'data-action': 'watch' }, 'Watch it ▶')
    : '';
  if (watch) watch.addEventListener('click', () => options.onWatch?.());
  const explore = options.explore
    ? createElement('a', { href: options.explore.href, 'data-action': 'explore' }, 'Inspect it in Explore')
    : '';
  if (explore)
    explore.addEventListener('click', (e) => {
      e.preventDefault();
      options.explore?.open();
    });
  return createElement(
    'div',
    { class: `reveal ${right ? 'is-right' : 'is-wrong'}`, 'data-testid': 'reveal', 'data-question': question.id },
    createElement('p', { class: 'question-prompt' }, question.prompt),
    createElement(
      'p',
      { class: 'reveal-answers' },
      'You: ',
      createElement('strong', { 'data-testid': 'reveal-yours' }, answer),
      ' · The model: ',
      createElement('strong', { 'data-testid': 'reveal-engine' }, question.answer),
    ),
    createElement(
      'p',
      { class: 'reveal-verdict', 'data-testid': 'reveal-verdict' },
      `${right ? '✓ ' : '✗ '}${getVerdictText(question, answer)}`,
    ),
    options.withoutExplanation ? '' : createElement('p', { class: 'reveal-explanation' }, question.explanation),
    createElement('div', { class: 'reveal-actions' }, watch, explore),
  );
}

/**
 * A question answered in words (the lesson's "explain why"): the learner writes an explanation,
 * then it stands beside the lesson's own to compare. `written` is what they wrote before, if anything.
 */
export function createExplainForm(
  question: ReadyQuestion,
  written: string | undefined,
  onWrite: (text: string) => void,
): HTMLElement {
  const id = `explain-${question.id}`;
  const compared = (text: string) =>
    createElement(
      'div',
      { class: 'explained', 'data-testid': 'explained', 'data-question': question.id },
      createElement('p', { class: 'question-prompt' }, question.explain ?? ''),
      createElement(
        'p',
        {},
        createElement('strong', {}, 'You: '),
        createElement('span', { 'data-testid': 'explained-yours' }, text),
      ),
      createElement(
        'p',
        { class: 'reveal-explanation' },
        createElement('strong', {}, 'The lesson: '),
        createElement('span', { 'data-testid': 'explained-lesson' }, question.explanation),
      ),
    );
  if (written !== undefined) return compared(written);
  const field = createElement('textarea', { id, name: 'explanation', rows: '3', 'aria-describedby': `${id}-error` });
  const message = createElement('p', { class: 'field-error', id: `${id}-error`, role: 'alert' });
  const form = createElement(
    'form',
    { class: 'question explain', 'data-testid': 'explain', 'data-question': question.id },
    createElement('label', { for: id, class: 'question-prompt' }, question.explain ?? ''),
    field,
    createElement(
      'div',
      { class: 'question-row' },
      createElement('button', { type: 'submit' }, 'Compare with the lesson'),
    ),
    message,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = field.value.trim();
    if (text === '') {
      message.textContent = 'Your explanation: write a sentence or two first; then compare it with the lesson.';
      return;
    }
    onWrite(text);
    form.replaceWith(compared(text));
  });
  return form;
}
