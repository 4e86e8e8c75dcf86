import { parseDaemonOptions } from './daemon-options.js';
import { log, runDaemon } from './daemon.js';

// Started detached by a client (cn or the MCP adapter); stdout and stderr go to the log file.
try {
  await runDaemon(parseDaemonOptions(process.argv.slice(2), process.env));
} catch (error) {
  log(`daemon failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(3);
}
