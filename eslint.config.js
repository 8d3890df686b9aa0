import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
);
