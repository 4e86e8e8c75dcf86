// A language server whose death is heard of late: on its first references request it leaves behind an orphan that
// holds its stderr open for a few seconds, then exits. Its stdout closes at once (in-flight requests fail), but the
// session settles the death only once stderr is read or a second has passed; a question asked in that window must wait
// for the restarted server, not fail on the dead connection. The first instance creates the marker file given as
// argv[2]; the restarted one finds it and answers every request with null.
import { spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import process from 'node:process';
import { onMessages, send } from './stdio-messages.mjs';

const marker = process.argv[2];
let first = false;
try {
  closeSync(openSync(marker, 'wx'));
  first = true;
} catch {
  // The restarted instance.
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

onMessages(handle);
