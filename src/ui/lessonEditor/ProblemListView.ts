import type { Diagnostic } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import { plural } from '../../engine';
import { formatIssue, type LessonIssue } from '../../lesson/lessonIssue';
import { createElement } from '../createElement';

/** A piece of a line a problem's mark covers: a key, a value, a fact's name… */
const TOKEN = /^[^\s:,{}[\]#'"]+/;

/**
 * The lesson checks' problems as CodeMirror marks: each from its line and column (a misspelled key
 * at the key) over the word there, or one character where there is none.
 */
export function getDiagnostics(issues: readonly LessonIssue[], doc: Text): Diagnostic[] {
  return issues.map((issue) => {
    const line = doc.line(Math.min(Math.max(issue.line, 1), doc.lines));
    const from = Math.min(line.from + Math.max(issue.column - 1, 0), line.to);
    const token = TOKEN.exec(line.text.slice(from - line.from))?.[0].length ?? 0;
    const to = Math.min(from + Math.max(token, 1), line.to);
    return {
      from: to > from ? from : Math.max(line.from, from - 1),
      to: Math.max(to, from),
      severity: issue.severity,
      message: `${issue.path ? `${issue.path}: ` : ''}${issue.message}`,
    };
  });
}

/**
 * The problems of the text in the editor, listed under it: each names its line and column and
 * moves the cursor there when chosen. Its heading counts them and says what the stage shows.
 */
export class ProblemListView {
  readonly element: HTMLElement;
  private readonly heading: HTMLElement;
  private readonly list: HTMLOListElement;

  constructor(private readonly goTo: (line: number, column: number) => void) {
    this.heading = createElement('h3', { id: 'lesson-problems-title', class: 'lesson-problems-title' });
    this.list = createElement('ol', { class: 'lesson-problems-list' });
    this.element = createElement(
      'section',
      { class: 'lesson-problems', 'aria-labelledby': 'lesson-problems-title', 'data-testid': 'lesson-problems' },
      this.heading,
      this.list,
    );
  }

  show(issues: readonly LessonIssue[]): void {
    const errors = issues.filter((i) => i.severity === 'error').length;
    const warnings = issues.length - errors;
    this.heading.textContent =
      issues.length === 0
        ? 'No problems: the stage plays this text'
        : errors > 0
          ? `${plural(errors, 'error')}${warnings ? `, ${plural(warnings, 'warning')}` : ''}: the stage plays the last text without errors`
          : `${plural(warnings, 'warning')}: the stage plays this text`;
    this.element.classList.toggle('has-errors', errors > 0);
    this.list.replaceChildren(
      ...issues.map((issue) => {
        const button = createElement(
          'button',
          { type: 'button', class: 'lesson-problem-button' },
          createElement('span', { class: 'lesson-problem-severity' }, issue.severity === 'error' ? 'Error' : 'Warning'),
          ` ${formatIssue(issue)}`,
        );
        button.addEventListener('click', () => this.goTo(issue.line, issue.column));
        return createElement(
          'li',
          {
            'data-testid': 'lesson-problem',
            'data-line': String(issue.line),
            'data-column': String(issue.column),
            'data-severity': issue.severity,
            class: `is-${issue.severity}`,
          },
          button,
        );
      }),
    );
  }
}
