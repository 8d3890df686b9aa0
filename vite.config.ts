import { readdirSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
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

export default defineConfig({
  base: './',
  plugins: [lessonFiles()],
  build: {
    target: 'es2022',
    // Pixi is one large module by design; the warning would only be noise.
    chunkSizeWarningLimit: 1500,
  },
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
  },
});
