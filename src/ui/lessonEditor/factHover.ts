import { ensureSyntaxTree, syntaxTree } from '@codemirror/language';
import { hoverTooltip } from '@codemirror/view';
import { findFactPlaceholders } from '../../../scenes/factNames';
import { suggestName } from '../../lesson/suggestName';
import { getPathAt } from './findYamlContext';
import { getSceneFactsAt } from './getSceneFactsAt';
import { getSceneIndex } from './lessonCompletion';

/** What a fact says in a scene: its value for that scene's access, or why there is none. */
export function describeFact(name: string, facts: Readonly<Record<string, string>> | null): string {
  if (!facts) return `{${name}}: this scene's access cannot be made yet, so its facts are not known`;
  return Object.hasOwn(facts, name)
    ? `{${name}} = ${facts[name]} in this scene`
    : `{${name}}: this scene has no fact called "${name}"${suggestName(name, Object.keys(facts))}`;
}

/**
 * Hovering a `{fact}` shows its value for the access of the scene it is in, as the player fills it
 * (the same facts the checks use), so an author sees the number a caption will say.
 */
export const factHover = hoverTooltip((view, pos) => {
  const line = view.state.doc.lineAt(pos);
  const placeholders = findFactPlaceholders();
  for (let match = placeholders.exec(line.text); match; match = placeholders.exec(line.text)) {
    const from = line.from + match.index;
    const to = from + match[0].length;
    if (pos < from || pos > to) continue;
    const tree = ensureSyntaxTree(view.state, to, 250) ?? syntaxTree(view.state);
    const text = view.state.doc.toString();
    const scene = getSceneIndex(getPathAt(tree, text, pos));
    const facts = scene === null ? null : getSceneFactsAt(tree, text, scene);
    return {
      pos: from,
      end: to,
      above: true,
      create: () => {
        const dom = document.createElement('div');
        dom.className = 'lesson-fact-tip';
        dom.dataset.testid = 'fact-value';
        dom.textContent = describeFact(match[1], facts);
        return { dom };
      },
    };
  }
  return null;
});
