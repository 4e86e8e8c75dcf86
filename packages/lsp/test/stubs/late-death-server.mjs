// A language server whose death is heard of late: on its first references request it leaves behind an orphan that
// holds its stderr open for a few seconds, then exits. Its stdout closes at once (in-flight requests fail), but the
// session settles the death only once stderr is read or a second has passed; a question asked in that window must wait
// for the restarted server, not fail on the dead connection. The first instance creates the marker file given as
// argv[2]; the restarted one finds it and answers every request with null.
import { spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import process from 'node:process';

const marker = process.argv[2];
let first = false;
try {
  closeSync(openSync(marker, 'wx'));
  first = true;
} catch {
  // The restarted instance.
}

let buffered = Buffer.alloc(0);

function send(message) {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
  process.stdout.write(`Content-Length: ${body.length}\r\n\r\n`);
  process.stdout.write(body);
}

function handle(message) {
  if (first && message.method === 'textDocument/references') {
    // A shell that starts a sleeper in the background and exits at once: the sleeper is nobody's descendant by the
    // time the session kills the tree, and keeps the inherited stderr open.
    spawn('/bin/sh', ['-c', 'sleep 5 & exit 0'], { stdio: ['ignore', 'ignore', 'inherit'] }).on('exit', () =>
      process.exit(1),
    );
    return;
  }
  if (message.id === undefined) return;
  if (message.method === 'initialize') send({ id: message.id, result: { capabilities: {} } });
  else send({ id: message.id, result: null });
}

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
