// The daemon's first file (cn-daemon.cjs): runs the daemon's bundle through the compile cache, as cn.cjs runs the
// CLI's. It imports nothing but the cache, so the daemon's 3.8 MB are read from V8's code cache before anything runs.
import { fileURLToPath } from 'node:url';
import { compileCacheDirectory, runBundleWithCompileCache } from '@cn/local-files/compile-cache';

/** The daemon proper, beside this file (scripts/bundle.mjs builds both). */
const DAEMON_MAIN_BUNDLE = 'cn-daemon-main.cjs';

runBundleWithCompileCache(fileURLToPath(new URL(`./${DAEMON_MAIN_BUNDLE}`, import.meta.url)), compileCacheDirectory());
