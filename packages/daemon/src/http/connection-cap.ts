import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Sockets held open at most, counting idle ones; a new connection past it closes the oldest idle one. */
export const MAX_OPEN_CONNECTIONS = 128;
/** A hard ceiling even if every socket is busy: connections past it are closed at once by node. */
const MAX_CONNECTIONS_HARD = 4 * MAX_OPEN_CONNECTIONS;
/** Time for a client to send its request head, and its whole request (cn sends both at once). */
const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 15_000;

export interface ConnectionCap {
  /** The socket carries a proven request: never closed to make room. */
  busy(socket: Socket): void;
  idle(socket: Socket): void;
}

/**
 * Any local user can open connections to the daemon. Thousands of idle ones used to exhaust its file
 * descriptors (EMFILE) until an internal scan threw and the process died. Sockets without a proven
 * request in flight are evicted oldest first, so a flood never shuts out the real client, whose
 * request arrives right after it connects; node's maxConnections is the backstop.
 */
export function capConnections(server: Server, max = MAX_OPEN_CONNECTIONS): ConnectionCap {
  const open = new Set<Socket>();
  const busy = new Set<Socket>();
  server.maxConnections = Math.max(max, MAX_CONNECTIONS_HARD);
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      busy.delete(socket);
    });
    let excess = open.size - max;
    // Sets iterate in insertion order: the oldest first, the one just accepted last.
    for (const candidate of open) {
      if (excess <= 0 || candidate === socket) break;
      if (busy.has(candidate)) continue;
      // A socket destroyed a moment ago is still in the set until its close event: it is leaving anyway.
      if (!candidate.destroyed) candidate.destroy();
      excess--;
    }
  });
  return {
    busy: (socket) => busy.add(socket),
    idle: (socket) => busy.delete(socket),
  };
}
