import { createElement } from '../../ui/createElement';
import type { ReferencesRecord } from './referencesPanel';

/** Official references in the page, each web address opening in a new tab, with why to read it. */
export class ReferencesPageView {
  readonly element: HTMLElement;

  constructor({ heading, items }: ReferencesRecord) {
    this.element = createElement(
      'section',
      { class: 'panel', 'data-panel': 'references' },
      createElement('h2', {}, heading),
      createElement(
        'ul',
        { class: 'references' },
        ...items.map(({ title, href, why }) =>
          createElement(
            'li',
            {},
            href === null
              ? createElement('strong', {}, title)
              : createElement(
                  'a',
                  { href, target: '_blank', rel: 'noopener noreferrer' },
                  title,
                  createElement('span', { class: 'visually-hidden' }, ' (opens in a new tab)'),
                ),
            createElement('p', {}, why),
          ),
        ),
      ),
    );
  }
}
