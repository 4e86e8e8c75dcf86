// Bundles the one-shot CLI into a single CommonJS file: a `cn` call pays node's start-up plus one
// script parse, without resolving a tree of modules or starting the ES module loader (docs/performance.md, "Start-up").
import { build } from 'esbuild';

await build({
  entryPoints: ['packages/cli/src/main.ts'],
  outfile: 'packages/cli/dist/cn.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  // The client resolves the daemon's entry from its own location; in CommonJS that is __filename.
  define: { 'import.meta.url': '__cnModuleUrl' },
  banner: { js: 'const __cnModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
  // `cn mcp` imports the MCP server (and its SDK) and `cn schema` the protocol's zod schemas at run
  // time from node_modules, with a real dynamic import(); the one-shot commands stay small and zod-free.
  external: ['@cn/mcp', '@cn/protocol/schemas'],
  plugins: [sideEffectFree(['js-tokens'])],
});

/**
 * js-tokens (core's lexer, used by the daemon) assigns its regexes at module top level, which esbuild
 * must keep as possible side effects: the CLI, which never tokenizes, carried 15 KB of it (120.7 →
 * 136.3 KB). It has none, so say so and let tree shaking drop it.
 */
function sideEffectFree(packages) {
  return {
    name: 'side-effect-free',
    setup(builder) {
      const filter = new RegExp(`^(?:${packages.join('|')})$`);
      builder.onResolve({ filter }, async ({ path, ...rest }) => {
        if (rest.pluginData?.sideEffectFree) return undefined;
        const resolved = await builder.resolve(path, {
          kind: rest.kind,
          importer: rest.importer,
          resolveDir: rest.resolveDir,
          pluginData: { sideEffectFree: true },
        });
        return { ...resolved, sideEffects: false };
      });
    },
  };
}
