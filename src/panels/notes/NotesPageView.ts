import type { Notes } from '../../../scenes';
import { createElement } from '../../ui/createElement';

/** Short lists under headings in the page: what the lesson assumes, and where it leads. */
export class NotesPageView {
  readonly element: HTMLElement;

  constructor(notes: readonly Notes[]) {
    this.element = createElement(
      'section',
      { class: 'panel', 'data-panel': 'notes' },
      ...notes.flatMap((n) => [
        createElement('h2', {}, n.title),
        createElement('ul', { class: 'notes' }, ...n.items.map((item) => createElement('li', {}, item))),
      ]),
    );
  }
}
