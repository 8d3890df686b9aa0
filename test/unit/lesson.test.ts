import { Value } from '@sinclair/typebox/value';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCENES } from '../../scenes';
import { getLessonJsonSchema, LessonSchema } from '../../scenes/lessonSchema';
import { getSchedule } from '../../src/engine';
import type { LessonIssue } from '../../src/lesson/lessonIssue';
import { readLesson } from '../../src/lesson/readLesson';
import { readLessonText } from '../../src/lesson/readLessonText';
import { createProgram } from '../../src/program/createProgram';
import { getLessonKernels } from '../support/kernelAnalyzer';
import { MINIMAL } from '../support/minimalLesson';
import { quizOf, tableOf } from '../panelContent';

const issuesOf = (text: string): readonly LessonIssue[] => {
  const read = readLesson(text);
  return read.ok ? read.warnings : read.issues;
};

describe('lesson files', () => {
  it('read the minimal lesson, which plays as written', () => {
    const read = readLesson(MINIMAL);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const program = createProgram(read.lesson.scenes);
    expect(program.map((p) => p.beats.map((b) => b.text))).toEqual([
      ['Lane i reads row i.', '8 rounds.'],
      [`Busiest bank: ${getSchedule(program[1].access).busiestBanks[0]}, 4 rounds.`],
    ]);
    expect(getSchedule(program[0].access).rounds).toBe(8);
  });

  it('pass every built-in scene, and the example lesson, through the same schema', async () => {
    expect([...Value.Errors(LessonSchema, { title: 'The walkthrough', scenes: SCENES })]).toEqual([]);
    const example = await readLessonText(readFileSync('assets/lessons/transpose.yaml', 'utf8'), getLessonKernels);
    expect(example.ok ? example.warnings : example.issues).toEqual([]);
  });

  it('a quiz shows its panel though the scene does not list it, and a hyphenated question id names its facts', () => {
    const text = MINIMAL.replace(
      '      - { cue: end, text: "{rounds} rounds." }',
      `      - { cue: end, text: "{rounds} rounds." }
    quiz:
      - id: pitch-33
        prompt: "At pitch {pitch-33.pitch}, how many rounds?"
        kind: number
        access: { pattern: column, pitch: 33 }
        answer: pitch-33.rounds
        explanation: "{pitch-33.rounds} round: pitch {pitch-33.pitch} is odd."`,
    );
    const read = readLesson(text);
    // (The minimal lesson's own title types its pitch, 40: the author's input, no warning.)
    expect((read.ok ? read.warnings : read.issues).map((i) => i.path)).toEqual([]);
    if (!read.ok) return;
    const [entry] = createProgram(read.lesson.scenes);
    expect(entry.panels).toEqual(['quiz']);
    // Pitch 33 spreads lane i's word 33i over 32 banks: one round.
    expect(quizOf(entry).map((q) => [q.answer, q.explanation])).toEqual([['1', '1 round: pitch 33 is odd.']]);
  });

  it('publish the schema editors use, in step with the one the player checks', () => {
    expect(JSON.parse(readFileSync('assets/lesson.schema.json', 'utf8'))).toEqual(getLessonJsonSchema());
  });

  /** The line and column (from 1) where `marker` first appears in `text`. */
  const where = (text: string, marker: string) => {
    const before = text.slice(0, text.indexOf(marker));
    return { line: before.split('\n').length, column: before.length - before.lastIndexOf('\n') };
  };
  // Each case: a mistake, the message it must give, and where the mistake's node begins.
  const cases: [string, string, RegExp, string][] = [
    [
      'a cue past the last round',
      MINIMAL.replace('cue: end, text: "{rounds}', 'cue: round-40, text: "{rounds}'),
      /scenes\[0\]\.beats\[1\]\.cue: round-40 is past this access's 8 rounds/,
      'round-40',
    ],
    [
      'an unknown key',
      MINIMAL.replace('col: 0 }', 'col: 0, colour: red }'),
      /scenes\[0\]\.access\.colour: is not a key this format has$/,
      'colour',
    ],
    [
      'a misspelt key, with the key it was meant to be',
      MINIMAL.replace('col: 0 }', 'col: 0, swizle: "5,0,5" }'),
      /scenes\[0\]\.access\.swizle: is not a key this format has; did you mean swizzle\?$/,
      'swizle',
    ],
    [
      'a wrong type',
      MINIMAL.replace('pitch: 40', 'pitch: forty'),
      /scenes\[0\]\.access\.pitch: must be integer/,
      'forty',
    ],
    [
      'a pitch narrower than the columns',
      MINIMAL.replace('pitch: 40', 'pitch: 20'),
      /scenes\[0\]\.access\.pitch: the row pitch .* at least the 32 useful columns/,
      '20',
    ],
    [
      'a duplicate id',
      MINIMAL.replace('id: my-expr', 'id: my-column'),
      /scenes\[1\]\.id: "my-column" is already the id of scenes\[0\]/,
      'my-column\n    title: My',
    ],
    [
      'an unknown fact',
      MINIMAL.replace('{busiest}', '{busiets}'),
      /scenes\[1\]\.beats\[0\]\.text: no fact called "busiets"; did you mean busiest\? \(the facts/,
      '{busiets}',
    ],
    [
      'a division by zero',
      MINIMAL.replace('lane / 8', 'lane / (lane - lane)'),
      /scenes\[1\]\.access\.expr: .*divides by zero for lane 0/,
      '"(lane',
    ],
    [
      'a word outside memory',
      MINIMAL.replace('+ lane / 8', '- 40'),
      /scenes\[1\]\.access\.expr: lane 0 would read word -40/,
      '"(lane',
    ],
    [
      'an unknown element type',
      MINIMAL.replace('pitch: 40, cols: 32', 'pitch: 40, cols: 32, type: float8'),
      /scenes\[0\]\.access\.type: must be/,
      'float8',
    ],
    [
      'a block over 1,024 threads',
      MINIMAL.replace('pitch: 40, cols: 32', 'pitch: 40, cols: 32, block: 64x32'),
      /scenes\[0\]\.access\.block: a block holds at most 1024 threads/,
      '64x32',
    ],
    [
      'a warp past the block',
      MINIMAL.replace('pitch: 40, cols: 32', 'pitch: 40, cols: 32, block: 32x2, warp: 2'),
      /scenes\[0\]\.access\.warp: .*no warp 2/,
      '2, col: 0',
    ],
    [
      'a declaration that does not parse',
      MINIMAL.replace('lane / 8" }', 'lane / 8", shared: "float tile[32" }'),
      /scenes\[1\]\.access\.shared: must be a C array declaration/,
      '"float tile',
    ],
    [
      'a subscript outside its dimension',
      MINIMAL.replace('expr: "(lane % 8) * 33 + lane / 8"', 'expr: "tile[lane][33]", shared: "float tile[32][33]"'),
      /scenes\[1\]\.access\.expr: lane 0: subscript 2 of "tile\[lane\]\[33\]"/,
      '"tile[lane]',
    ],
    [
      'an ldmatrix row that is not 16-byte aligned',
      MINIMAL.replace('expr: "(lane % 8) * 33 + lane / 8"', 'expr: "lane * 12", op: ldmatrix, type: half'),
      /scenes\[1\]\.access\.expr: lane 1's ldmatrix row starts at byte 24/,
      '"lane * 12"',
    ],
    [
      'a swizzle past bit 31',
      MINIMAL.replace('pitch: 40, cols: 32', 'pitch: 40, cols: 32, swizzle: "10,10,12"'),
      /scenes\[0\]\.access\.swizzle: B \+ M \+ \|S\| is 32/,
      '"10,10,12"',
    ],
    [
      'a bank that does not exist',
      MINIMAL.replace('"Lane i reads row i." }', '"Lane i reads row i.", highlight: { banks: [40] } }'),
      /scenes\[0\]\.beats\[0\]\.highlight\.banks\[0\]: must be/,
      '40]',
    ],
  ];
  for (const [what, text, message, marker] of cases) {
    it(`locate ${what} by line, column and path`, () => {
      const issues = issuesOf(text);
      const hit = issues.find((i) => i.severity === 'error' && message.test(`${i.path}: ${i.message}`));
      expect(hit, JSON.stringify(issues)).toBeDefined();
      expect({ line: hit!.line, column: hit!.column }).toEqual(where(text, marker));
    });
  }

  it('fill the wider model’s facts: phases, bytes, type, the warp, and racing stores', () => {
    const text = MINIMAL.replace(
      'access: { pattern: column, pitch: 40, cols: 32, col: 0 }',
      'access: { pattern: expr, expr: "lane / 2", type: float4, op: store, block: 32x4, warp: 3 }',
    ).replace(
      '"Lane i reads row i."',
      '"{phases} phases of {bytes}-byte {type} stores by warp {warpIndex}, {racing} racing."',
    );
    const read = readLesson(text);
    if (!read.ok) throw new Error(JSON.stringify(read.issues));
    expect(createProgram(read.lesson.scenes)[0].beats[0].text).toBe(
      '4 phases of 16-byte float4 stores by warp 3, 32 racing.',
    );
  });

  it('locate broken YAML by its line', () => {
    const issues = issuesOf(MINIMAL.replace('beats:\n      - { cue: end', 'beats:\n   - { cue: end'));
    expect(issues[0].severity).toBe('error');
    expect(issues[0].line).toBeGreaterThanOrEqual(12);
  });

  it('say an indentation slip in plain words at its line, not YAML’s', () => {
    // The scene's title pushed one space right of its id, as a hurried author types it.
    const issues = issuesOf(MINIMAL.replace('    title: A column at pitch 40', '     title: A column at pitch 40'));
    expect(issues.every((i) => i.severity === 'error' && !/implicit|mapping|compact/i.test(i.message))).toBe(true);
    expect(issues.find((i) => i.line === 4)?.message).toMatch(/^a key and its value start on one line/);
  });

  it('say a key left without its colon in plain words', () => {
    const issues = issuesOf(MINIMAL.replace('    title: A column at pitch 40', '    title A column at pitch 40'));
    expect(issues[0].severity).toBe('error');
    expect(issues[0].message).not.toMatch(/implicit/i);
  });

  it('say a quote left open once, not with the indentation errors that follow from it', () => {
    const issues = issuesOf(MINIMAL.replace('text: "Lane i reads row i." }', 'text: "Lane i reads row i. }'));
    expect(issues.map((i) => [i.line, i.message])).toEqual([[7, 'a quote opened here is never closed']]);
  });

  it('say an empty file is empty, not that it "must be object"', () => {
    expect(issuesOf('').map((i) => i.message)).toEqual([
      'the file is empty: a lesson begins with its title: and its scenes: (see docs/lessons.md)',
    ]);
    expect(issuesOf('# nothing yet\n')[0].message).toMatch(/^the file is empty/);
  });

  it('report every problem of a file in one pass, errors apart from warnings', () => {
    // A misspelled key, a bad cue and an unknown fact in three scenes, and a typed number: all at once.
    const text = MINIMAL.replace('col: 0 }', 'col: 0, colour: red }')
      .replace('cue: end, text: "{rounds} rounds."', 'cue: round-40, text: "{rounds} rounds."')
      .replace('{busiest}', '{busiets}')
      .replace('A column at pitch 40', 'A column read in 8 rounds');
    const read = readLesson(text);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    const errors = read.issues.filter((i) => i.severity === 'error').map((i) => i.path);
    expect(errors).toEqual(['scenes[0].access.colour', 'scenes[0].beats[1].cue', 'scenes[1].beats[0].text']);
    expect(read.issues.filter((i) => i.severity === 'warning').map((i) => i.path)).toEqual(['scenes[0].title']);
  });

  it('warn of a typed number only where it is that fact of that access, pointing at the number', () => {
    const warnings = (beat: string) => {
      const text = MINIMAL.replace('"{rounds} rounds."', JSON.stringify(beat));
      const read = readLesson(text);
      if (!read.ok) throw new Error(JSON.stringify(read.issues));
      return read.warnings.filter((w) => w.path === 'scenes[0].beats[1].text').map((w) => [w.message, w.column]);
    };
    const at = (beat: string, piece: string) =>
      where(MINIMAL.replace('"{rounds} rounds."', JSON.stringify(beat)), `${JSON.stringify(beat).slice(0, 1)}${beat}`)
        .column +
      1 +
      beat.indexOf(piece);
    // All 32 lanes is the count of lanes, not of banks (both are 32 here).
    expect(warnings('All 32 lanes fire.')).toEqual([
      ['write {lanes} or {warp}, not 32, so the number follows the model', at('All 32 lanes fire.', '32')],
    ]);
    // 8 rounds is the rounds; the 1 of "not 1" is no fact's.
    expect(warnings('8 rounds, not 1.').map(([m]) => m)).toEqual([
      'write {rounds}, not 8, so the number follows the model',
    ]);
    // Groups of 8 lanes are not the warp's 32 lanes, though 8 is the rounds.
    expect(warnings('Lanes work in groups of 8 lanes.')).toEqual([]);
  });

  it('fill templates in titles as in every text, so a title follows the model too', () => {
    const read = readLesson(MINIMAL.replace('A column at pitch 40', 'A column at pitch {pitch}'));
    if (!read.ok) throw new Error(JSON.stringify(read.issues));
    expect(createProgram(read.lesson.scenes)[0].title).toBe('A column at pitch 40');
    expect(read.warnings).toEqual([]);
  });

  it('warn of a typed number where a fact would keep it true, never of the author’s own input', () => {
    const read = readLesson(MINIMAL.replace('"{rounds} rounds."', '"8 rounds."'));
    expect(read.ok).toBe(true);
    // The title's 40 is the pitch the author chose, no fact of the engine's: no warning there.
    expect(read.ok && read.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      'scenes[0].beats[1].text: write {rounds}, not 8, so the number follows the model',
    ]);
  });

  it('name at most the two likeliest facts a typed number is', () => {
    const read = readLesson(MINIMAL.replace('"{rounds} rounds."', '"Every lane asks bank 0."'));
    if (!read.ok) throw new Error(JSON.stringify(read.issues));
    expect(read.warnings.map((w) => w.message)).toEqual([
      'write {busiest} or {bank0}, not 0, so the number follows the model',
    ]);
  });

  it('refuse a 10 MB file and a YAML alias bomb at once, without hanging', () => {
    const started = Date.now();
    expect(issuesOf(`title: x\n# ${'x'.repeat(10_000_000)}\n`)[0].message).toMatch(
      /at most 1 MB; this one is 10\.0 MB/,
    );
    const laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      laughs.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    expect(issuesOf(laughs.join('\n'))[0].message).toMatch(/too many aliases/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  // 7.3 s alone at load average 14 on two cores (its 8 s budget then nearly ran out): a budget of 20 s.
  it('never throw on a mutated lesson, and locate every error it finds', { timeout: 20_000 }, () => {
    const keys = [
      'title',
      'id',
      'access',
      'pattern',
      'pitch',
      'cols',
      'col',
      'expr',
      'beats',
      'cue',
      'text',
      '{rounds}',
      'end',
      'start',
    ];
    const junk = ['', '-1', '1e99', 'null', '[]', '{}', '"', ':', '&a', '*a', '{nope}', 'round-99', '<b>', '\t'];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...junk), fc.boolean()), { maxLength: 4 }),
        (edits) => {
          let text = MINIMAL;
          for (const [key, value, all] of edits) text = all ? text.split(key).join(value) : text.replace(key, value);
          const read = readLesson(text);
          if (read.ok) return;
          expect(read.issues.length).toBeGreaterThan(0);
          for (const issue of read.issues) {
            expect(issue.line).toBeGreaterThanOrEqual(1);
            expect(issue.column).toBeGreaterThanOrEqual(1);
            expect(issue.message.length).toBeGreaterThan(3);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('a worked-example table', () => {
  it('states word = lane × pitch only where every compared access is a column read of column 0', () => {
    const program = createProgram(SCENES);
    expect(tableOf(program.find((e) => e.id === 'column-read')!)!.wordRule).toBe('Word = lane × pitch');
    // A float4 column's lanes start 4 words to an element; the rule says so, and the words agree.
    const vectors = program.find((e) => e.id === 'vector-padding')!;
    expect(tableOf(vectors)!.wordRule).toBe('First word = lane × pitch × 4');
    const scene = SCENES.find((s) => s.id === 'vector-padding')!;
    const pitches = [scene.compare!.unpadded.pitch!, scene.access.pitch!];
    expect(tableOf(vectors)!.accesses.map((row) => row.words)).toEqual(
      pitches.map((pitch) => tableOf(vectors)!.accesses[0].words.map((_, lane) => String(lane * pitch * 4))),
    );
    const rows = readLesson(`title: Rows
scenes:
  - id: rows
    title: Two rows
    access: { pattern: row, row: 1, pitch: 33, cols: 32 }
    panels: [table]
    table: { lanes: 4, accesses: [{ of: self, reveal: shown }] }
    beats:
      - { cue: end, text: "{rounds} round." }
`);
    if (!rows.ok) throw new Error(JSON.stringify(rows.issues));
    const table = tableOf(createProgram(rows.lesson.scenes)[0])!;
    expect(table.wordRule).toBeNull();
    // The words are the row's, which lane × pitch would not give.
    expect(table.accesses[0].words).toEqual(['33', '34', '35', '36']);
  });
});
