import type { Reference } from '../../../scenes';
import { createElement } from '../createElement';

/** Official references, each opening in a new tab, with why to read it. */
export function createReferencesPanel(references: readonly Reference[]): HTMLElement {
  return createElement(
    'section',
    { class: 'panel', 'data-panel': 'references' },
    createElement('h2', {}, 'References'),
    createElement(
      'ul',
      { class: 'references' },
      ...references.map(({ title, href, why }) =>
        createElement(
          'li',
          {},
          // Only web addresses become links: a lesson file cannot smuggle in a script URL.
          /^https?:\/\//i.test(href)
            ? createElement(
                'a',
                { href, target: '_blank', rel: 'noopener noreferrer' },
                title,
                createElement('span', { class: 'visually-hidden' }, ' (opens in a new tab)'),
              )
            : createElement('strong', {}, title),
          createElement('p', {}, why),
        ),
      ),
    ),
  );
}
