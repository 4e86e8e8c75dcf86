// Bundles the one-shot CLI into a single CommonJS file: a `cn` call pays node's start-up plus one
// script parse, without resolving a tree of modules or starting the ES module loader (README, "Start-up").
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
  // `cn mcp` imports the MCP server (and its SDK) at run time from node_modules, with a real
  // dynamic import(); the one-shot commands stay small.
  external: ['@cn/mcp'],
});
