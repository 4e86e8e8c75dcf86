import { defineConfig } from 'vitest/config';

/** What a real engine answers: run once per engine (CN_ENGINE), the helpers pass it on to the engine or daemon. */
const AGAINST_ENGINES = ['packages/lsp/test/**/*.test.ts', 'test/e2e/**/*.test.ts'];
/**
 * packages/lsp loads the compiler API through a CommonJS module (src/typescript-api.cts, `export =`), which vite does
 * not transform; tests that run the sources import typescript itself, which gives the same module.
 */
export const TYPESCRIPT_API = { find: /^(?:\.\.?\/)+typescript-api\.cjs$/, replacement: 'typescript' };

export default defineConfig({
  resolve: { alias: [TYPESCRIPT_API] },
  test: {
    // Fixture projects hold test files of their own (they are what cn reads, not tests of cn).
    exclude: ['**/node_modules/**', 'test/fixtures/**'],
    // Integration and end-to-end tests start real language servers: one file at a time per core
    // keeps two cold servers from starving each other on a 2-core machine.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'once',
          include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'test/fixtures/**', ...AGAINST_ENGINES],
        },
      },
      // The same integration and end-to-end suite against each engine (docs/architecture.md, "Engines").
      ...(['tsserver', 'native'] as const).map((engine) => ({
        extends: true as const,
        test: { name: engine, include: AGAINST_ENGINES, env: { CN_ENGINE: engine } },
      })),
    ],
  },
});
