import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

type RequestId = string | number;

/**
 * Requests the server has read but not yet answered, counted on the transport itself. A client
 * may write its requests and close stdin at once (a shell pipe, a CI step); the answers must still
 * go out before the server exits. Call after `server.connect(transport)`, which installs onmessage.
 */
export function trackUnanswered(transport: Transport): { settled(): Promise<void> } {
  const open = new Set<RequestId>();
  let wake: (() => void) | undefined;
  const receive = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if ('id' in message && 'method' in message) open.add(message.id);
    receive?.(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    try {
      await send(message, options);
    } finally {
      if (
        'id' in message &&
        !('method' in message) &&
        message.id !== undefined &&
        open.delete(message.id) &&
        open.size === 0
      )
        wake?.();
    }
  };
  return {
    settled: () => (open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (wake = resolve))),
  };
}
