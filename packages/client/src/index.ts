export {
  connectOrStart,
  findRunningDaemon,
  HEALTH_TIMEOUT_MS,
  sleep,
  type DaemonSettings,
} from './daemon-connection.js';
export { probeDaemon, removeStalePortFile, type DaemonProbe } from './daemon-probe.js';
export { forceStop, waitForExit } from './daemon-termination.js';
export {
  ConnectionFailure,
  callRoute,
  endpointCall,
  httpCall,
  readAnswer,
  signRequest,
  type Endpoint,
  type ProofWatch,
  type Send,
  type SignedRequest,
} from './http-call.js';
export { recordedDaemon } from './known-daemon.js';
export { daemonCall, daemonRequest, type RequestOptions } from './daemon-request.js';
export { checkEngine, requestedEngine } from './engine-request.js';
// The one bounded reader of the repository's configs and manifests (the CLI reads package.json to find the root).
export { readConfigFile } from '@cn/lsp/config-file';
