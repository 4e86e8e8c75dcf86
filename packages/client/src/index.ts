export { connectOrStart, findRunningDaemon, HEALTH_TIMEOUT_MS, runningDaemonStatus, sleep, type DaemonSettings } from './daemon-connection.js';
export { probeDaemon, type DaemonProbe } from './daemon-probe.js';
export { forceStop, waitForExit } from './daemon-termination.js';
export { ConnectionFailure, httpCall, type Endpoint } from './http-call.js';
export { isProcessAlive, readPortFile } from './port-file-reader.js';
export { daemonRequest, type RequestOptions } from './daemon-request.js';
