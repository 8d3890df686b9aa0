import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { ensureSyntaxTree, syntaxTree } from '@codemirror/language';
import { findYamlContext, getMappingKeys, type YamlContext } from './findYamlContext';
import type { Facts } from '../../../scenes/getSceneFacts';
import { getSceneFactsAt } from './getSceneFactsAt';
import { getKeyOptions, getValueOptions, takesKeys } from './getSchemaOptions';

/** The scene a path is in, `scenes[i]`, or `null` outside the scenes. */
export const getSceneIndex = (path: readonly (string | number)[]): number | null =>
  path[0] === 'scenes' && typeof path[1] === 'number' ? path[1] : null;

/** The names of a scene's facts, the ones a lesson says most (no lane number in them) first. */
function completeFacts(facts: Facts | null, next: string): Completion[] {
  if (!facts) return [];
  return Object.entries(facts).map(([name, value]) => ({
    label: name,
    detail: `= ${value}`,
    type: 'variable',
    // The closing brace, unless it is there already.
    apply: next === '}' ? name : `${name}}`,
    boost: /\d/.test(name) ? -1 : 0,
  }));
}

/** The keys the mapping may take and has not yet (`has`), those it must have first, each written with its colon. */
const completeKeys = (where: YamlContext, has: readonly string[]): Completion[] =>
  getKeyOptions(where.path)
    .filter((option) => !has.includes(option.label))
    .map((option) => ({
      label: option.label,
      type: 'property',
      info: option.info,
      detail: option.required ? 'required' : undefined,
      apply: `${option.label}: `,
      boost: option.required ? 1 : 0,
    }));

/** The values the schema names here: kinds, operations, panels, cues up to the scene's last round. */
function completeValues(facts: Facts | null, where: YamlContext): Completion[] {
  const rounds = Number(facts?.rounds ?? NaN);
  return getValueOptions(where.path, Number.isInteger(rounds) ? rounds : null).map((option, i) => ({
    label: option.label,
    type: 'enum',
    info: option.info,
    // In the schema's order: cues in the order of the animation.
    boost: -i / 1000,
  }));
}

/**
 * Completes a lesson file from the lesson schema the player checks it with: keys where a key goes,
 * the values a choice allows (`pattern`, `op`, a panel's kind, a cue up to the scene's last
 * round), and, after a `{` in a text, the facts of that scene's accesses with their values.
 */
export function completeLesson(context: CompletionContext): CompletionResult | null {
  const text = context.state.doc.toString();
  // The tree as far as the cursor, parsed now if the editor's background parse has not got there
  // (on a busy machine a state's first parse stops short, and completion then found no place).
  const tree = ensureSyntaxTree(context.state, context.pos, 250) ?? syntaxTree(context.state);
  const where = findYamlContext(tree, text, context.pos);
  if (!where) return null;
  // A key or value not begun yet is offered when asked for (Ctrl+Space), or right after a colon.
  const begun = where.from < context.pos || where.kind === 'fact';
  const afterColon = /:\s$/.test(text.slice(Math.max(0, context.pos - 2), context.pos));
  if (!begun && !context.explicit && !(where.kind === 'value' && afterColon)) return null;
  let options: Completion[];
  const scene = getSceneIndex(where.path);
  const facts = () => (scene === null ? null : getSceneFactsAt(tree, text, scene));
  if (where.kind === 'fact') options = completeFacts(facts(), text.charAt(context.pos));
  else if (where.kind === 'key' && takesKeys(where.path)) {
    // The key being typed is no key the mapping has yet.
    const typed = text.slice(where.from, context.pos);
    options = completeKeys(
      where,
      getMappingKeys(tree, text, where.path).filter((key) => key !== typed),
    );
  } else options = completeValues(where.path.at(-1) === 'cue' ? facts() : null, where);
  return options.length > 0 ? { from: where.from, options, validFor: /^[\w.-]*$/ } : null;
}
