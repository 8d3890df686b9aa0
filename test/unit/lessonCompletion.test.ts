import { CompletionContext } from '@codemirror/autocomplete';
import { yaml } from '@codemirror/lang-yaml';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { PANEL_KIND_NAMES } from '../../src/panels/panelKinds';
import { ACCESS_REGISTRY, getSchedule } from '../../src/engine';
import { createSceneAccess } from '../../scenes/getSceneFacts';
import { completeLesson } from '../../src/ui/lessonEditor/lessonCompletion';

/** The labels offered at the `|` in `source` (as if asked for with Ctrl+Space when `explicit`). */
const offered = (source: string, explicit = false) => {
  const pos = source.indexOf('|');
  const state = EditorState.create({ doc: source.slice(0, pos) + source.slice(pos + 1), extensions: yaml() });
  ensureSyntaxTree(state, state.doc.length, 5000);
  return completeLesson(new CompletionContext(state, pos, explicit));
};
/** The column read at pitch 40 of {@link SCENE}, as the engine makes it. */
const unwrapAccess = () => {
  const made = createSceneAccess({ pattern: 'column', pitch: 40 });
  if (!made.ok) throw new Error('the access is made');
  return made.value.access;
};
const labels = (source: string, explicit = false) => offered(source, explicit)?.options.map((o) => o.label) ?? [];

const SCENE = `title: Mine
scenes:
  - id: my-column
    title: A column at pitch 40
    access: { pattern: column, pitch: 40, cols: 32, col: 0 }
    beats:
      - { cue: start, text: 'Lane i reads row i.' }
`;

describe('completion in the lesson editor', () => {
  it('offers facts in a one-line beat typed left to right, its braces not closed yet', () => {
    expect(labels(`${SCENE}      - { cue: round-1, text: 'Bank {|`)).toEqual(
      expect.arrayContaining(['busiest', 'rounds']),
    );
  });

  it('offers every round of the scene as a cue while a one-line beat is typed', () => {
    const rounds = getSchedule(unwrapAccess()).rounds;
    expect(labels(`${SCENE}      - { cue: |`, true).filter((l) => l.startsWith('round-'))).toEqual(
      Array.from({ length: rounds }, (_, i) => `round-${i + 1}`),
    );
  });

  it('offers the keys the schema has where a key goes, the required ones first', () => {
    expect(labels('|', true)).toEqual(['title', 'scenes', 'chapters', 'puzzles']);
    expect(labels(`${SCENE}    que|`)).toContain('question');
    expect(labels(`${SCENE}    |`, true)).toEqual(expect.arrayContaining(['panels', 'quiz', 'question']));
    // Never a key the scene has already.
    expect(labels(`${SCENE}    |`, true)).not.toEqual(expect.arrayContaining(['id']));
    expect(labels(`${SCENE}    |`, true).filter((l) => ['id', 'title', 'access', 'beats'].includes(l))).toEqual([]);
    // In an access: the engine's own fields, as the schema has them.
    expect(labels(SCENE.replace('col: 0', 'col: 0, s|'))).toEqual(
      expect.arrayContaining([...ACCESS_REGISTRY.keys.filter((k) => k.startsWith('s'))]),
    );
    const key = offered(`${SCENE}    que|`)!.options.find((o) => o.label === 'question')!;
    expect(key.apply).toBe('question: ');
  });

  it('offers the values a choice allows: patterns, operations, panel kinds, cues up to the last round', () => {
    expect(labels(SCENE.replace('pattern: column', 'pattern: c|'))).toEqual([...ACCESS_REGISTRY.patterns]);
    expect(labels(SCENE.replace('col: 0', 'col: 0, op: |'))).toEqual(
      expect.arrayContaining(['load', 'store', 'ldmatrix']),
    );
    expect(labels(`${SCENE}    panels: [|]`, true)).toEqual(PANEL_KIND_NAMES);
    const made = createSceneAccess({ pattern: 'column', pitch: 40, cols: 32, col: 0 });
    if (!made.ok) throw new Error('the access is made');
    const rounds = getSchedule(made.value.access).rounds;
    expect(labels(`${SCENE}      - cue: |`)).toEqual([
      'start',
      'flights',
      'queued',
      ...Array.from({ length: rounds }, (_, i) => `round-${i + 1}`),
      'end',
      'hold',
    ]);
  });

  it('offers the scene’s facts after a {, with their values, and closes the brace', () => {
    const result = offered(SCENE.replace("'Lane i reads row i.'", "'Lane i reads row i: {ro|'"))!;
    const rounds = result.options.find((o) => o.label === 'rounds')!;
    const made = createSceneAccess({ pattern: 'column', pitch: 40, cols: 32, col: 0 });
    if (!made.ok) throw new Error('the access is made');
    expect(rounds.detail).toBe(`= ${getSchedule(made.value.access).rounds}`);
    expect(rounds.apply).toBe('rounds}');
    expect(result.options.map((o) => o.label)).toEqual(expect.arrayContaining(['busiest', 'pitch', 'word0', 'bank31']));
  });

  it('offers the facts of the scene being written, read from its own text', () => {
    const two = `${SCENE}  - id: padded
    title: Padded
    access: { pattern: column, pitch: 33 }
    beats:
      - { cue: end, text: '{r|' }
`;
    const made = createSceneAccess({ pattern: 'column', pitch: 33 });
    if (!made.ok) throw new Error('the access is made');
    const rounds = offered(two)!.options.find((o) => o.label === 'rounds')!;
    expect(rounds.detail).toBe(`= ${getSchedule(made.value.access).rounds}`);
    // Written as one flow list, the same.
    const flow = `title: x\nscenes: [{ id: a, title: A, access: { pattern: column, pitch: 33 }, beats: [{ cue: end, text: '{r|' }] }]`;
    expect(offered(flow)!.options.find((o) => o.label === 'rounds')!.detail).toBe(rounds.detail);
  });

  it('offers nothing unasked where nothing is begun, nor in a text outside a fact', () => {
    expect(labels(`${SCENE}    |`)).toEqual([]);
    expect(labels(SCENE.replace("'Lane i reads row i.'", "'Lane i re|'"))).toEqual([]);
  });
});
