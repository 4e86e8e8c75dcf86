// The files cn keeps per user on a shared machine, opened so that another local user can neither redirect nor plant
// them, for the client, the daemon and the engines. Only fs, path and os here: the client runs inside the CLI's
// bundle before any request; what needs more has its own entry point (docs/architecture.md, "Packages").
export { ensurePrivateDirectory, ensureStateDirectory } from './private-directory.js';
export { preparePrivateDirectory } from './directory-check.js';
export { stateDirectory, userStateDirectory } from './state-directory.js';
export { openPrivateAppend } from './private-file.js';
export { portFilePath, readPortFileState, removeReplaceablePortFile, type PortFileState } from './port-file-reader.js';
export { daemonRecordPath, readDaemonRecord } from './daemon-record.js';
export { ownedByUs } from './ownership.js';
export { readSavedBytes, readSavedState } from './saved-state.js';
export { isProcessAlive } from './process-alive.js';
export { clearStaleStartLock, releaseStartLock, tryStartLock } from './start-lock.js';
