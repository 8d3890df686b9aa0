import { yamlLanguage } from '@codemirror/lang-yaml';
import { describe, expect, it } from 'vitest';
import { findYamlContext, getPathAt } from '../../src/ui/lessonEditor/findYamlContext';

/** The context at the `|` in `source`. */
const at = (source: string) => {
  const pos = source.indexOf('|');
  const text = source.slice(0, pos) + source.slice(pos + 1);
  return findYamlContext(yamlLanguage.parser.parse(text), text, pos);
};

const LESSON = `title: My lesson
scenes:
  - id: my-column
    title: A column
    access: { pattern: column, pitch: 40 }
    beats:
      - { cue: start, text: 'Lane i reads row i.' }
      - cue: end
        text: '{rounds} rounds.'
`;

describe('what the cursor writes in a lesson file', () => {
  it('a key, in the mapping it joins', () => {
    expect(at('title: x\nsce|')).toEqual({ kind: 'key', path: [], from: 9 });
    expect(at(LESSON.replace('    title: A column', '    tit|'))).toMatchObject({ kind: 'key', path: ['scenes', 0] });
    expect(at(LESSON.replace('pitch: 40', 'pi|'))).toMatchObject({ kind: 'key', path: ['scenes', 0, 'access'] });
    expect(at(LESSON.replace('pitch: 40 }', 'pitch: 40, | }'))).toMatchObject({
      kind: 'key',
      path: ['scenes', 0, 'access'],
    });
    expect(at(LESSON.replace("        text: '{rounds} rounds.'", '        hi|'))).toMatchObject({
      kind: 'key',
      path: ['scenes', 0, 'beats', 1],
    });
  });

  it('a key on a line with nothing on it yet, from the indentation', () => {
    expect(at(`${LESSON}    |`)).toMatchObject({ kind: 'key', path: ['scenes', 0] });
    expect(at(`${LESSON}        |`)).toMatchObject({ kind: 'key', path: ['scenes', 0, 'beats', 1] });
    expect(at(`${LESSON}      - |`)).toMatchObject({ kind: 'key', path: ['scenes', 0, 'beats', 2] });
    expect(at(`${LESSON}  - |`)).toMatchObject({ kind: 'key', path: ['scenes', 1] });
    expect(at(`${LESSON}    question:\n      |`)).toMatchObject({ kind: 'key', path: ['scenes', 0, 'question'] });
    expect(at('title: x\nscenes:\n  - |')).toMatchObject({ kind: 'key', path: ['scenes', 0] });
    expect(at('|')).toMatchObject({ kind: 'key', path: [] });
  });

  it('a value, at its path', () => {
    expect(at(LESSON.replace('pattern: column', 'pattern: col|'))).toMatchObject({
      kind: 'value',
      path: ['scenes', 0, 'access', 'pattern'],
    });
    expect(at(LESSON.replace('cue: end', 'cue: |'))).toMatchObject({
      kind: 'value',
      path: ['scenes', 0, 'beats', 1, 'cue'],
    });
    expect(at(LESSON.replace('cue: start', 'cue: r|'))).toMatchObject({
      kind: 'value',
      path: ['scenes', 0, 'beats', 0, 'cue'],
    });
    expect(at(`${LESSON}    panels: [table, |]`)).toMatchObject({ kind: 'value', path: ['scenes', 0, 'panels', 1] });
    expect(at(`${LESSON}    panels: [ta|]`)).toMatchObject({ kind: 'value', path: ['scenes', 0, 'panels', 0] });
    // A new item: whether it takes keys or a value is the schema's to say.
    expect(at(`${LESSON}    panels:\n      - |`)).toMatchObject({ path: ['scenes', 0, 'panels', 0] });
  });

  it('a fact’s name after a { in a text', () => {
    const fact = at(LESSON.replace("'Lane i reads row i.'", "'Lane i reads row i in {ro|'"));
    expect(fact).toMatchObject({ kind: 'fact', path: ['scenes', 0, 'beats', 0, 'text'] });
    expect(at(LESSON.replace("text: '{rounds} rounds.'", 'text: Busiest {|'))).toMatchObject({
      kind: 'fact',
      path: ['scenes', 0, 'beats', 1, 'text'],
    });
    expect(at(LESSON.replace("'{rounds} rounds.'", "'{rounds} rounds, {|'"))).toMatchObject({ kind: 'fact' });
    // A closed fact is not being named.
    expect(at(LESSON.replace("'{rounds} rounds.'", "'{rounds}| rounds.'"))?.kind).toBe('value');
  });

  it('the scene and beat the cursor stands in', () => {
    const text = LESSON;
    const tree = yamlLanguage.parser.parse(text);
    expect(getPathAt(tree, text, text.indexOf('Lane i') + 2).slice(0, 4)).toEqual(['scenes', 0, 'beats', 0]);
    expect(getPathAt(tree, text, text.indexOf('rounds.') + 2).slice(0, 4)).toEqual(['scenes', 0, 'beats', 1]);
    expect(getPathAt(tree, text, text.indexOf('A column') + 2)).toEqual(['scenes', 0, 'title']);
  });
});
