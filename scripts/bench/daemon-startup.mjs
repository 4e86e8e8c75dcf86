// The daemon's own part of a cold start, apart from the language server's: how long node takes to load its
// modules, and when (counted from the daemon process's start, as it logs it) it spawned the language server and
// listened. What bundling the daemon changes shows here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO } from './corpora.mjs';
import { timeProcess } from './measure.mjs';

/** The daemon's modules as a client starts them, imported without starting a daemon. */
const DAEMON_MODULES = path.join(REPO, 'packages/daemon/dist/index.js');

/** `node -e 'import(daemon)'` over `runs` runs (the caller subtracts the node floor). */
export function moduleLoad(runs) {
  const script = `await import(${JSON.stringify(pathToFileURL(DAEMON_MODULES).href)})`;
  return timeProcess(['--input-type=module', '-e', script], runs);
}

/**
 * The last start-up in the daemon log: ms from the process start to the language server's spawn and to listening
 * (daemon.ts logs both); undefined fields when the log has no such line (an older or a bundled build that does not).
 */
export function daemonStartup(logFile) {
  let text = '';
  try {
    text = readFileSync(logFile, 'utf8');
  } catch {
    return {};
  }
  const last = (pattern) => {
    const matches = [...text.matchAll(pattern)];
    return matches.length > 0 ? Number(matches[matches.length - 1][1]) : undefined;
  };
  return {
    engineStarted: last(/cn: language server started (\d+) ms after the process started/g),
    listening: last(/cn: listening (\d+) ms after the process started/g),
  };
}
