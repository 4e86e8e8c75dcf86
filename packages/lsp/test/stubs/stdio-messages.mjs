// The LSP base protocol over stdio for the stub servers: Content-Length framed JSON-RPC messages in and out.
import process from 'node:process';

export function send(message) {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
  process.stdout.write(`Content-Length: ${body.length}\r\n\r\n`);
  process.stdout.write(body);
}

/** Calls `handle` with each message read from stdin, in order. */
export function onMessages(handle) {
  let buffered = Buffer.alloc(0);
  process.stdin.on('data', (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      const headerEnd = buffered.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffered.subarray(0, headerEnd).toString('ascii'))?.[1]);
      if (buffered.length < headerEnd + 4 + length) return;
      const body = buffered.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      buffered = buffered.subarray(headerEnd + 4 + length);
      handle(JSON.parse(body));
    }
  });
}
