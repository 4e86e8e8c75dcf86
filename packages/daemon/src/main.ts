import { DaemonUsageError, parseDaemonOptions } from './daemon-options.js';
import { log, runDaemon } from './daemon.js';

// Started detached by a client (cn or the MCP adapter); stdout and stderr go to the log file.
let options;
try {
  options = parseDaemonOptions(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof DaemonUsageError)) throw error;
  // A wrong command line is a usage error (exit 2, as for cn), one line, no stack.
  process.stderr.write(`cn daemon: ${error.message}\n`);
  process.exit(2);
}
// No top-level await: the daemon is bundled as CommonJS (scripts/bundle.mjs).
runDaemon(options).catch((error: unknown) => {
  log(`daemon failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(3);
});
