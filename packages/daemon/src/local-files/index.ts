// Files cn keeps on a shared machine (state directory, logs, port file), opened so that another
// local user can neither redirect nor plant them. Shared by the client (bundled into the CLI, so
// only node:fs, node:path and node:os here) and the daemon.
export { ensurePrivateDirectory, ensureStateDirectory } from './private-directory.js';
export { stateDirectory } from './state-directory.js';
export { openPrivateAppend } from './private-file.js';
export { portFilePath, readPortFileState, removeReplaceablePortFile, type PortFileState } from './port-file-reader.js';
export { ownedByUs } from './ownership.js';
