// Bundles what cn runs into CommonJS files in packages/cli/dist: the one-shot CLI, the daemon, its
// project-discovery child, the MCP server and the protocol's schemas. A `cn` call pays node's start-up
// plus one small launcher and the CLI read from V8's compile cache (cn.cjs runs cn-cli.cjs), without resolving a tree
// of modules or starting the ES module loader
// (docs/performance.md, "Start-up"); the daemon loads one file instead of ~300 modules. The same
// files are what the npm package ships (scripts/package.mjs), so the tests run what users install.
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLE_DIR = path.join(REPO, 'packages/cli/dist');
/**
 * The daemon's first file: what cn and cn mcp start (packages/client/src/daemon-entry.ts), and what tests look for in
 * the process table. It runs DAEMON_MAIN_BUNDLE through V8's compile cache (packages/daemon/src/launch.ts).
 */
export const DAEMON_BUNDLE = 'cn-daemon.cjs';
/** The daemon proper. */
export const DAEMON_MAIN_BUNDLE = 'cn-daemon-main.cjs';
/** The CLI proper, which cn.cjs runs. */
export const CLI_BUNDLE = 'cn-cli.cjs';

/** Each bundle's file in BUNDLE_DIR and its entry point. */
export const BUNDLES = {
  // The bin's file: runs cn-cli.cjs through V8's compile cache (packages/cli/src/launch.ts).
  'cn.cjs': 'packages/cli/src/launch.ts',
  [CLI_BUNDLE]: 'packages/cli/src/main.ts',
  [DAEMON_BUNDLE]: 'packages/daemon/src/launch.ts',
  [DAEMON_MAIN_BUNDLE]: 'packages/daemon/src/main.ts',
  // Forked by the daemon as a sibling of itself (packages/lsp/src/discover-in-worker.ts).
  'discovery-worker.cjs': 'packages/lsp/src/discovery-worker.ts',
  'cn-mcp.cjs': 'packages/mcp/src/index.ts',
  'cn-schemas.cjs': 'packages/protocol/src/schemas.ts',
};

/** The bundles a launcher runs through the compile cache (packages/local-files/src/compile-cache.ts). */
const RUN_FROM_COMPILE_CACHE = new Set([CLI_BUNDLE, DAEMON_MAIN_BUNDLE]);

/**
 * The packages the bundles load from node_modules instead of carrying: the TypeScript compiler (tens of
 * MB, and it must be the very one the language server runs) and typescript-language-server (a separate
 * process, started by its path). The npm package depends on exactly what the bundles leave out
 * (scripts/package.mjs reads it from the bundles themselves), not on this list.
 */
const RUNTIME_PACKAGES = ['typescript', 'typescript-language-server'];

/**
 * Workspace modules the CLI loads at run time (a require() where the source says import()) from their own
 * bundles: `cn mcp` loads the MCP SDK and `cn schema` zod only when they run, so the one-shot commands stay small. (The
 * MCP bundle carries its own copy of the schemas: one zod instance per process.)
 */
const CLI_SIBLING_BUNDLES = { '@cn/mcp': './cn-mcp.cjs', '@cn/protocol/schemas': './cn-schemas.cjs' };

/**
 * Builds every bundle into `outDir` (not written with `write: false`); resolves to each bundle's
 * text and esbuild's metafile (what it carries, and what it leaves external).
 */
export async function bundleAll({ outDir = BUNDLE_DIR, write = true } = {}) {
  const bundles = {};
  if (write) mkdirSync(outDir, { recursive: true });
  for (const [file, entry] of Object.entries(BUNDLES)) {
    const outfile = path.join(outDir, file);
    const result = await build({
      entryPoints: [path.join(REPO, entry)],
      outfile,
      write: false,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      sourcemap: false,
      legalComments: 'none',
      logLevel: 'warning',
      metafile: true,
      // The sources are ES modules that locate files next to themselves; in CommonJS that is __filename.
      define: { 'import.meta.url': '__cnModuleUrl', CN_DAEMON_BUNDLE: JSON.stringify(`./${DAEMON_BUNDLE}`) },
      banner: { js: 'const __cnModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
      external: RUNTIME_PACKAGES.flatMap((name) => [name, `${name}/*`]),
      plugins: [...(file === CLI_BUNDLE ? [siblingBundles()] : []), sideEffectFree(['js-tokens'])],
      // The CLI and the daemon run as vm.Scripts (the compile cache), where import() has no loader: require() instead.
      ...(RUN_FROM_COMPILE_CACHE.has(file) ? { supported: { 'dynamic-import': false } } : {}),
    });
    const text = asciiOnly(result.outputFiles[0].text);
    if (write) writeFileSync(outfile, text);
    bundles[file] = { metafile: result.metafile, text };
  }
  return bundles;
}

/**
 * esbuild escapes non-ASCII characters in strings and regular expressions (its default charset) but keeps the comments
 * it carries as written, and one `→` in a comment is enough for V8 to hold the whole source as a two-byte string for
 * as long as the process runs: the daemon's 3.8 MB bundle took 7.7 MB of its heap. The same escape, `\uXXXX`, in the
 * comments too (where it is only text) keeps every bundle ASCII, so V8 holds it one byte per character.
 */
export function asciiOnly(text) {
  return text.replace(/[\u0080-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** In the CLI, `import('@cn/mcp')` becomes `import('./cn-mcp.cjs')`, left for node to load from beside it. */
function siblingBundles() {
  return {
    name: 'sibling-bundles',
    setup(builder) {
      const filter = new RegExp(`^(?:${Object.keys(CLI_SIBLING_BUNDLES).join('|')})$`);
      builder.onResolve({ filter }, ({ path: specifier }) => ({
        path: CLI_SIBLING_BUNDLES[specifier],
        external: true,
      }));
    },
  };
}

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
      builder.onResolve({ filter }, async ({ path: specifier, ...rest }) => {
        if (rest.pluginData?.sideEffectFree) return undefined;
        const resolved = await builder.resolve(specifier, {
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

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleAll();
