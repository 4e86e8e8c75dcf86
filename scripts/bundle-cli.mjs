// Bundles the one-shot CLI into a single file: a cold `cn` pays node's start-up plus one module
// parse instead of resolving a tree of modules (see README, "Start-up").
import { build } from 'esbuild';

await build({
  entryPoints: ['packages/cli/src/main.ts'],
  outfile: 'packages/cli/dist/cn.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  // `cn mcp` imports the MCP server (and its SDK) at run time from node_modules; the one-shot
  // commands stay small.
  external: ['@cn/mcp'],
});
