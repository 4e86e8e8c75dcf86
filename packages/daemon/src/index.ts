export { runDaemon } from './daemon.js';
export { parseDaemonOptions, type DaemonOptions } from './daemon-options.js';
export { buildServer } from './http/server.js';
export { NodeSourceFiles } from './adapters/node-source-files.js';
