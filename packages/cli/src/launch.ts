// The `cn` command's first file: runs the CLI's bundle through the compile cache. Kept apart from the
// CLI, and importing nothing but the cache, so that it costs next to nothing before the CLI runs.
import { fileURLToPath } from 'node:url';
import { compileCacheDirectory, runBundleWithCompileCache } from '@cn/client/compile-cache';

/** The CLI proper, beside this file (scripts/bundle.mjs builds both). */
const CLI_BUNDLE = 'cn-cli.cjs';

runBundleWithCompileCache(fileURLToPath(new URL(`./${CLI_BUNDLE}`, import.meta.url)), compileCacheDirectory());
