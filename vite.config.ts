import { defineConfig } from 'vitest/config';

export default defineConfig({
  base: './',
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
