import { readdirSync, readFileSync } from 'node:fs';
import { build, type Plugin, type Rollup } from 'vite';
import { defineConfig } from 'vitest/config';

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

export default defineConfig({
  base: './',
  plugins: [lessonFiles(), webComponent()],
  build: {
    target: 'es2022',
    // Pixi is one large module by design; the warning would only be noise.
    chunkSizeWarningLimit: 1500,
    // The player, and beside it the page the render command draws clips on.
    rollupOptions: { input: { main: 'index.html', render: 'render.html' } },
  },
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
  },
});
