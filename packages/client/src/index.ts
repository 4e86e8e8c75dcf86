export { connectOrStart, findRunningDaemon, runningDaemonStatus, sleep, type DaemonSettings } from './daemon-connection.js';
export { ConnectionFailure, httpCall, type Endpoint } from './http-call.js';
export { isProcessAlive, readPortFile } from './port-file-reader.js';
export { daemonRequest, type RequestOptions } from './daemon-request.js';
