import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { TYPESCRIPT_API } from './vitest.config.js';

/**
 * `npm run test:unit`: the fast tier (seconds, no build needed): core with fakes, the daemon's routes
 * through app.inject, the client's framing and start lock, the CLI's and MCP's pieces, and the lsp
 * pieces that start no language server. `npm test` (vitest.config.ts) still runs everything.
 */
const source = (relative: string) => fileURLToPath(new URL(`./packages/${relative}`, import.meta.url));
/** Files that mock a module (vi.mock) or spy on a shared prototype need a module graph of their own. */
const MOCKING = ['packages/lsp/test/document-sync.test.ts', 'packages/lsp/test/native-symbol-search.test.ts'];

export default defineConfig({
  resolve: {
    // The workspace packages from their sources, so this tier tests the code as it is, not the last build.
    alias: [
      TYPESCRIPT_API,
      { find: /^@cn\/protocol\/(request-proof|schemas|types)$/, replacement: source('protocol/src/$1.ts') },
      {
        find: /^@cn\/local-files\/(compile-cache|daemon-files|process-tree)$/,
        replacement: source('local-files/src/$1.ts'),
      },
      { find: /^@cn\/lsp\/config-file$/, replacement: source('lsp/src/config-file.ts') },
      { find: /^@cn\/(protocol|core|local-files|lsp|daemon|client|mcp)$/, replacement: source('$1/src/index.ts') },
    ],
  },
  test: {
    testTimeout: 10_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/protocol/test/**/*.test.ts',
            'packages/core/test/**/*.test.ts',
            'packages/local-files/test/**/*.test.ts',
            'packages/daemon/test/**/*.test.ts',
            'packages/client/test/**/*.test.ts',
            'packages/cli/test/**/*.test.ts',
            'packages/mcp/test/**/*.test.ts',
            'test/unit/**/*.test.ts',
            ...[
              'convert',
              'server-lines',
              'file-change-feed',
              'config-errors',
              'type-declarations',
              'declaration-table',
              'literal-spans',
              'lsp-connection',
              'native-outline',
              'engine-choice',
              'process-memory',
              'reference-sites',
              'project-discovery',
              'project-owner',
              'import-options',
              'library-declarations',
              'rename-scopes',
            ].map((name) => `packages/lsp/test/${name}.test.ts`),
          ],
          // Threads sharing one module graph: starting a fresh worker per file was two thirds of the run
          // (19.8 s vs 7.1 s for 40 files on the shared 2-core machine). These files keep no global
          // state between them (no module mocks, no chdir, no env edits).
          pool: 'threads',
          isolate: false,
        },
      },
      { extends: true, test: { name: 'unit-isolated', include: MOCKING } },
    ],
  },
});
