import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers, lowest first (docs/architecture.md#the-layers): a folder may import its own layer's
 * folders and those below, never one above. `program` and `panels` are one layer (a panel kind reads
 * the program's entry; the program asks the registry which panels a scene shows). The engine has
 * its own, stricter rule below; `embed` imports nothing outside itself (its element is built into a
 * module of its own); `render` and `main.ts` are pages, on top.
 */
const LAYERS = [
  ['scenes'],
  ['timeline'],
  ['program', 'panels'],
  ['kernel'],
  ['stage', 'player', 'lesson'],
  ['session'],
  ['voice'],
  ['export'],
  ['ui'],
  ['render', 'main'],
];
const FOLDERS = [...LAYERS.flat(), 'embed'];
const levelOf = (folder) => LAYERS.findIndex((layer) => layer.includes(folder));

/** Where `folder` lives from a file `depth` folders below src/ (scenes/ sits beside src/). */
const pathTo = (folder, depth) =>
  depth === 0 ? `../src/${folder}` : `${'../'.repeat(depth)}${folder === 'scenes' ? '../scenes' : folder}`;

/** The import patterns that reach any of `folders` from `depth` folders below src/. */
const reaching = (folders, depth) =>
  folders.filter((f) => f !== 'main').flatMap((f) => [pathTo(f, depth), `${pathTo(f, depth)}/**`]);

/**
 * One config per depth for the files `files(depth)` gives, forbidding the folders `above` and the
 * extra patterns `also(depth)`; `draws: false` forbids pixi.js too (below the stage, which runs in
 * Node: the session, the lesson reader, the tests).
 */
const layerRule = (name, files, above, { also = () => [], depths = [1, 2, 3, 4, 5], draws = true } = {}) =>
  depths.map((depth) => ({
    files: files(depth),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...reaching(above, depth), ...also(depth)],
              message: `${name} imports only from its own layer and those below it (docs/architecture.md#the-layers).`,
            },
            ...(draws
              ? []
              : [
                  {
                    group: ['pixi.js', 'pixi.js/*'],
                    message: `${name} draws nothing: only the stage's layer and those above import pixi.js (docs/architecture.md#the-layers).`,
                  },
                ]),
          ],
        },
      ],
    },
  }));

/** Files of src/<folder> at `depth` folders below src/ (1: src/<folder>/*.ts), to five levels. */
const under = (folder, depth) => [`src/${folder}/${'*/'.repeat(depth - 1)}*.ts`];

/** The folders above `folder`'s layer, and its own layer's other folders unless `mates` may be imported. */
const aboveOf = (folder, mates = []) =>
  FOLDERS.filter(
    (f) =>
      f !== folder &&
      !mates.includes(f) &&
      (f === 'embed' ? levelOf(folder) < levelOf('ui') : levelOf(f) >= levelOf(folder)),
  );

export default tseslint.config(
  // Scratch files (*.tmp.*) are git-ignored, so never part of a clone: not linted either.
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', '**/*.tmp.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  // Small files named after what they export: the product's code (not its tests, whose files are
  // lists of cases) stays under 350 lines a file.
  {
    files: ['src/**/*.ts', 'scenes/**/*.ts', 'scripts/**/*.{ts,mjs}', 'bench/**/*.{ts,mjs}'],
    rules: { 'max-lines': ['error', { max: 350 }] },
  },
  // The test host pages run reveal.js from a plain script tag.
  { files: ['test/host/**/*.js'], languageOptions: { globals: { Reveal: 'readonly' } } },
  // The engine is the single source of truth and runs in Node tests and benches: keep it pure. Its
  // kinds sit a folder down, so "outside the engine" is one more folder up for them, and two for
  // a folder inside those (src/engine/kernel/suggest/).
  ...[
    ['src/engine/*.ts', '../*'],
    ['src/engine/*/*.ts', '../../*'],
    ['src/engine/*/*/**/*.ts', '../../../*'],
  ].map(([files, outside]) => ({
    files: [files],
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['pixi.js', 'pixi.js/*', '@pixi/*'], message: 'The engine must not draw: no pixi.js.' },
            { group: ['gsap', 'gsap/*'], message: 'The engine has no clock: no gsap.' },
            { group: ['xstate', 'xstate/*'], message: 'The engine has no state machine: no xstate.' },
            { group: [outside], message: 'The engine imports nothing outside src/engine.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'requestAnimationFrame', 'setTimeout'],
    },
  })),
  // The layers: each folder imports only from its own layer and those below.
  ...layerRule('A scene', () => ['scenes/**/*.ts'], aboveOf('scenes'), { depths: [0], draws: false }),
  ...['timeline', 'kernel', 'player', 'lesson', 'session', 'voice', 'export', 'ui'].flatMap((folder) =>
    layerRule(`src/${folder}`, (depth) => under(folder, depth), aboveOf(folder), {
      draws: !['timeline', 'kernel', 'player', 'lesson', 'session', 'voice'].includes(folder),
    }),
  ),
  ...layerRule('src/program', (depth) => under('program', depth), aboveOf('program', ['panels']), { draws: false }),
  // A panel kind's folder holds three layers' parts: its definition (the program's layer, like
  // everything in src/panels not named below), its frame view (the stage's: Pixi) and its page view
  // (the page's: DOM, and it sends the learner's answers to the session). The definition never sees
  // a view, so the page and the frame only lay out the record it gives them.
  ...layerRule('A panel kind’s definition', (depth) => under('panels', depth), aboveOf('panels', ['program']), {
    draws: false,
  }),
  ...layerRule(
    'A panel kind’s frame view',
    (depth) => (depth === 1 ? ['src/panels/framePanels.ts'] : ['src/panels/*/*FrameView.ts']),
    aboveOf('stage'),
    {
      also: (depth) =>
        depth === 1 ? ['./*/*PageView', './pagePanels'] : ['./*PageView', '../*/*PageView', '../pagePanels'],
      depths: [1, 2],
    },
  ),
  ...layerRule(
    'A panel kind’s page view',
    (depth) =>
      depth === 1 ? ['src/panels/pagePanels.ts'] : ['src/panels/*/*PageView.ts', 'src/panels/tile/createTileSvg.ts'],
    aboveOf('ui'),
    { depths: [1, 2] },
  ),
  // The stage draws the panels' frame views, never their page views.
  ...layerRule('src/stage', (depth) => under('stage', depth), aboveOf('stage'), {
    also: (depth) => [`${'../'.repeat(depth)}panels/*/*PageView`, `${'../'.repeat(depth)}panels/pagePanels`],
  }),
  ...layerRule('src/embed', (depth) => under('embed', depth), FOLDERS.filter((f) => f !== 'embed').concat('engine'), {
    draws: false,
  }),
);
