import { defineConfig } from 'vitest/config';

/**
 * packages/lsp loads the compiler API through a CommonJS module (src/typescript-api.cts, `export =`), which vite does
 * not transform; tests that run the sources import typescript itself, which gives the same module.
 */
export const TYPESCRIPT_API = { find: /^(?:\.\.?\/)+typescript-api\.cjs$/, replacement: 'typescript' };

export default defineConfig({
  resolve: { alias: [TYPESCRIPT_API] },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    // Fixture projects hold test files of their own (they are what cn reads, not tests of cn).
    exclude: ['**/node_modules/**', 'test/fixtures/**'],
    // Integration and end-to-end tests start real language servers: one file at a time per core
    // keeps two cold tsservers from starving each other on a 2-core machine.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
