import { chmodSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { build, runnerImport, type Plugin, type Rollup } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Writes the names of an access's fields into the web component, read from the engine's kinds as
 * it is built (or served), so the element names its attributes without loading the engine, which
 * would make it 12 times larger (1.4 → 16.5 KB gzip); and the link parameters of the modes'
 * own (Kernel mode's kernel, Puzzles mode's puzzle), read from the mode table.
 */
function accessFieldKeys(): Plugin {
  return {
    name: 'access-field-keys',
    async transform(code, id) {
      if (!/[\\/]src[\\/]embed[\\/]bankConflictPlayer\.ts$/.test(id)) return null;
      for (const name of ['__ACCESS_FIELD_KEYS__', '__MODE_LINK_KEYS__'])
        if (!code.includes(name)) this.error(`bankConflictPlayer.ts no longer names ${name}`);
      const { module } = await runnerImport<typeof import('./src/engine/accessKinds')>('./src/engine/accessKinds.ts');
      const { module: modes } = await runnerImport<typeof import('./src/player/modes')>('./src/player/modes.ts');
      const fields: readonly string[] = module.ACCESS_FIELD_KEYS;
      const own = [...new Set(modes.MODES.flatMap((m) => m.link))].filter((key) => !fields.includes(key));
      return code
        .replaceAll('__ACCESS_FIELD_KEYS__', JSON.stringify(fields))
        .replaceAll('__MODE_LINK_KEYS__', JSON.stringify(own));
    },
  };
}

/**
 * Ships the example lessons and the lesson schema with the built player, at the same addresses the
 * dev server serves them from (`?lesson=assets/lessons/transpose.yaml`).
 */
function lessonFiles(): Plugin {
  return {
    name: 'lesson-files',
    generateBundle() {
      const files = [
        'assets/lesson.schema.json',
        ...readdirSync('assets/lessons').map((name) => `assets/lessons/${name}`),
      ];
      for (const fileName of files) this.emitFile({ type: 'asset', fileName, source: readFileSync(fileName) });
    },
  };
}

/**
 * Builds the web component as one self-contained ES module beside the player
 * (`bank-conflict-player.js`), so a host page needs that one file: a build of its own, because
 * in the app's build the message code it shares with the player would become a shared chunk.
 */
function webComponent(): Plugin {
  return {
    name: 'web-component',
    apply: 'build',
    async generateBundle() {
      const result = (await build({
        configFile: false,
        logLevel: 'warn',
        plugins: [accessFieldKeys()],
        build: {
          write: false,
          target: 'es2022',
          lib: { entry: 'src/embed/bankConflictPlayer.ts', formats: ['es'], fileName: () => 'bank-conflict-player.js' },
        },
      })) as Rollup.RollupOutput[];
      const [chunk] = result[0].output;
      this.emitFile({ type: 'asset', fileName: 'bank-conflict-player.js', source: chunk.code });
    },
  };
}

/**
 * Writes `bank-check.mjs` beside the page: `npm run kernel` as one file that runs with Node 20 and
 * nothing installed (see scripts/kernel/buildBankCheck.ts), for a CUDA project's CI.
 */
function bankCheckCommand(): Plugin {
  return {
    name: 'bank-check-command',
    apply: 'build',
    async generateBundle() {
      const { module } = await runnerImport<typeof import('./scripts/kernel/buildBankCheck')>(
        './scripts/kernel/buildBankCheck.ts',
      );
      this.emitFile({ type: 'asset', fileName: 'bank-check.mjs', source: await module.buildBankCheck() });
    },
    // Runnable as ./bank-check.mjs too, through its #! line.
    writeBundle(options) {
      if (options.dir) chmodSync(join(options.dir, 'bank-check.mjs'), 0o755);
    },
  };
}

/**
 * Pixi's helpers for its Canvas renderer test the browser's blend modes as soon as they are imported:
 * a 2D canvas drawn and read back, 300 ms of every page load under software WebGL. The player draws
 * with WebGL, so the test now runs when the Canvas renderer first asks for its result, if ever.
 */
function lazyPixiCanvasProbe(): Plugin {
  const eager: [string, string][] = [
    [
      '  canUseMultiply: canUseNewCanvasBlendModes(),',
      '  get canUseMultiply() { return canUseNewCanvasBlendModes(); },',
    ],
    [
      '  tintMethod: null,',
      '  get tintMethod() { return this.canUseMultiply ? this.tintWithMultiply : this.tintWithPerPixel; },',
    ],
    [
      'canvasUtils.tintMethod = canvasUtils.canUseMultiply ? canvasUtils.tintWithMultiply : canvasUtils.tintWithPerPixel;',
      '',
    ],
  ];
  return {
    name: 'lazy-pixi-canvas-probe',
    transform(code, id) {
      if (!/pixi\.js[\\/]lib[\\/]rendering[\\/]renderers[\\/]canvas[\\/]utils[\\/]canvasUtils\.mjs$/.test(id))
        return null;
      for (const [from] of eager)
        if (!code.includes(from))
          this.error(`pixi.js's canvasUtils no longer has "${from.trim()}": look at this plugin again`);
      return eager.reduce((text, [from, to]) => text.replace(from, to), code);
    },
  };
}

/**
 * Pixi makes an `Intl.Segmenter` as its text module is imported, for splitting text into characters:
 * 18 ms of every page load on this machine. The stage splits its texts itself where every character
 * stands alone (see `tunePixi`), so Pixi's segmenter is made when a text first needs it, if ever.
 */
function lazyPixiSegmenter(): Plugin {
  const eager =
    '    const segmenter = new Intl.Segmenter();\n    return (s) => {\n      const segments = segmenter.segment(s);';
  const lazy =
    '    let segmenter;\n    return (s) => {\n      segmenter ??= new Intl.Segmenter();\n      const segments = segmenter.segment(s);';
  return {
    name: 'lazy-pixi-segmenter',
    transform(code, id) {
      if (!/pixi\.js[\\/]lib[\\/]scene[\\/]text[\\/]canvas[\\/]CanvasTextMetrics\.mjs$/.test(id)) return null;
      if (!code.includes(eager))
        this.error("pixi.js's CanvasTextMetrics no longer makes its segmenter as it did: look at this plugin again");
      return code.replace(eager, lazy);
    },
  };
}

/**
 * Pixi's main module registers its spritesheet loader with its asset system as it is imported,
 * which keeps the loader, the asset resolver and the spritesheet parser in every first load (4.6 KB
 * gzip) though the stage loads no asset: it draws shapes and text. Declared free of side effects,
 * that registration is left out when nothing imports from it.
 */
function noPixiSpritesheetLoader(): Plugin {
  return {
    name: 'no-pixi-spritesheet-loader',
    transform(code, id) {
      if (!/pixi\.js[\\/]lib[\\/]spritesheet[\\/]init\.mjs$/.test(id)) return null;
      if (!/^extensions\.add\(spritesheetAsset\);$/m.test(code) || code.match(/^import /gm)?.length !== 2)
        this.error(
          "pixi.js's spritesheet/init no longer only registers the spritesheet loader: look at this plugin again",
        );
      return { code, moduleSideEffects: false };
    },
  };
}

/**
 * Asks for the fonts while the browser parses the page, beside the scripts: the stage makes no text
 * until they have arrived (Pixi measures a text once, when it is made), and without the hint their
 * requests start only once the scripts have run. Every font in the bundle is one the page uses.
 */
function preloadFonts(): Plugin {
  return {
    name: 'preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) =>
        Object.keys(bundle ?? {})
          .filter((fileName) => fileName.endsWith('.woff2'))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `./${fileName}`, crossorigin: true },
            injectTo: 'head' as const,
          })),
    },
  };
}

/**
 * tree-sitter's runtime keeps Emscripten's paths for Node (`fs/promises`, `module`) and its `eval`
 * for grammars that link code of their own at run time; in the worker neither runs (tree-sitter-cpp
 * links none), and the bundler's warnings about them would be printed by every build.
 */
function quietTreeSitter(): Plugin {
  const known = (log: { code?: string; message: string; id?: string }) =>
    log.code === 'EVAL' || /externalized for browser compatibility/.test(log.message);
  return {
    name: 'quiet-tree-sitter',
    onLog: (_level, log) => !(known(log) && /web-tree-sitter/.test(`${log.id ?? ''} ${log.message}`)),
  };
}

export default defineConfig({
  base: './',
  plugins: [
    accessFieldKeys(),
    lessonFiles(),
    webComponent(),
    bankCheckCommand(),
    lazyPixiCanvasProbe(),
    lazyPixiSegmenter(),
    noPixiSpritesheetLoader(),
    preloadFonts(),
  ],
  // Kernel mode's analyzer is a module worker: tree-sitter's loader is an ES module.
  worker: {
    format: 'es',
    plugins: () => [quietTreeSitter()],
  },
  build: {
    target: 'es2022',
    // Pixi is one large module by design; the warning would only be noise.
    chunkSizeWarningLimit: 1500,
    // The player, and beside it the page the render command draws clips on.
    rollupOptions: {
      input: { main: 'index.html', render: 'render.html' },
      // Building Kernel mode's worker (its engine and parser) inside the page's build takes seconds
      // on a busy machine, which the bundler would report on every build as a slow plugin.
      checks: { bundlerTimings: false },
    },
  },
  test: {
    environment: 'node',
    // One worker a core: Vitest leaves one for itself by default, which on two cores runs the files
    // one after another while Vitest's own process waits. The files share module instances in a
    // worker (nothing under test keeps state beyond caches of constants): 25 s instead of 41.
    maxWorkers: availableParallelism(),
    isolate: false,
    // A quick test's budget (Vitest's default is 5 s): on two cores kept busy by other processes a
    // test of 1–2 s takes four times as long. Long tests set their own, with 2× headroom.
    testTimeout: 15_000,
    // The five slowest beside their budgets after each run, as for the browser tests.
    reporters: ['default', './test/support/slowestUnitReporter.ts'],
    // CUDA compiles are a step of their own in the test command (`--project cuda`), after the unit
    // tests: beside them nvcc and the unit tests starved each other on two cores.
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'cuda', include: ['test/cuda/**/*.test.ts'] } },
    ],
  },
});
