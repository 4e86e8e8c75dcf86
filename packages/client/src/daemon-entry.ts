/**
 * Set by scripts/bundle.mjs in the bundles that start daemons (cn, cn mcp): the daemon's own bundle, beside
 * them. Unbundled (tsc's output, as tests and scripts import the client), it is undefined and the daemon
 * package is resolved instead.
 */
declare const CN_DAEMON_BUNDLE: string | undefined;

/** The daemon's entry script, resolved the way the client starts it. */
export async function daemonEntry(): Promise<string> {
  // Loaded here, not at the top: only a start or a stop needs them, and every warm call would pay for them.
  if (typeof CN_DAEMON_BUNDLE === 'string') {
    const { fileURLToPath } = await import('node:url');
    return fileURLToPath(new URL(CN_DAEMON_BUNDLE, import.meta.url));
  }
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url).resolve('@cn/daemon/main');
}

/**
 * Node's own flags for a daemon, before its entry. A young generation of at most 2 × 8 MB instead of V8's 2 × 16:
 * V8 grows it under allocation and gives it back only in a memory-reducing collection, and after warm-up on rxjs the
 * daemon held 33.6 MB of it with 1–14 MB in use. 2 × 4 MB saved 4 MB more on rxjs but promoted so much more that the
 * old space of typeorm's daemon grew 140 MB larger during work (docs/performance.md, "Where the daemon's memory goes").
 */
export const DAEMON_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];

/** How every daemon's command line begins: `node <entry> --root <root> --state-dir <dir> …`. */
export function daemonArguments(entry: string, root: string, stateDir: string): string[] {
  return [entry, '--root', root, '--state-dir', stateDir];
}

/** Whether a process's command line (arguments joined by spaces) is a daemon this client started for `root`. */
export function isDaemonCommand(command: string, entry: string, root: string): boolean {
  return command.includes(` ${daemonArguments(entry, root, '').join(' ')}`);
}
