// The files cn keeps per user on a shared machine (state directory, logs, port file, daemon record, start lock,
// compile cache), opened so that another local user can neither redirect nor plant them: the one package the
// client, the daemon and the engines use for them. The client is bundled into the CLI, so this entry point loads
// only built-ins node has loaded before any script runs (fs, path, os); what needs more has its own: the compile
// cache (vm, module: the `cn` launcher's one import), the daemon's writer (node:crypto) and the process tree
// (child_process where there is no /proc).
export { ensurePrivateDirectory, ensureStateDirectory } from './private-directory.js';
export { preparePrivateDirectory } from './directory-check.js';
export { stateDirectory, userStateDirectory } from './state-directory.js';
export { openPrivateAppend } from './private-file.js';
export { portFilePath, readPortFileState, removeReplaceablePortFile, type PortFileState } from './port-file-reader.js';
export { daemonRecordPath, readDaemonRecord } from './daemon-record.js';
export { ownedByUs } from './ownership.js';
export { isProcessAlive } from './process-alive.js';
export { clearStaleStartLock, releaseStartLock, tryStartLock } from './start-lock.js';
