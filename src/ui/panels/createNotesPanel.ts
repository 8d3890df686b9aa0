import type { Notes } from '../../../scenes';
import { createElement } from '../createElement';

/** Short lists under headings: what the lesson assumes, and where it leads. */
export function createNotesPanel(notes: readonly Notes[]): HTMLElement {
  return createElement(
    'section',
    { class: 'panel', 'data-panel': 'notes' },
    ...notes.flatMap((n) => [
      createElement('h2', {}, n.title),
      createElement('ul', { class: 'notes' }, ...n.items.map((item) => createElement('li', {}, item))),
    ]),
  );
}
