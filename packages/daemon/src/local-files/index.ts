// Files cn keeps on a shared machine (state directory, logs, port file, daemon record, compile cache), opened so that
// another local user can neither redirect nor plant them. Shared by the client (bundled into the CLI,
// so only built-ins node has loaded before any script runs: fs, path, os, vm, module) and the daemon.
export { ensurePrivateDirectory, ensureStateDirectory } from './private-directory.js';
export { preparePrivateDirectory } from './directory-check.js';
export { stateDirectory, userStateDirectory } from './state-directory.js';
export { compileCacheDirectory, runBundleWithCompileCache } from './compile-cache.js';
export { openPrivateAppend } from './private-file.js';
export { portFilePath, readPortFileState, removeReplaceablePortFile, type PortFileState } from './port-file-reader.js';
export { daemonRecordPath, readDaemonRecord } from './daemon-record.js';
export { ownedByUs } from './ownership.js';
