// A language server that crashes as typescript-go 7.0.2 does on vitest (issue 24): it initializes, then panics on the
// first document it is given. A real process, so the session's process handling runs as it does for the real one.
import process from 'node:process';
import { onMessages, send } from './stdio-messages.mjs';

const PANIC = [
  'panic: runtime error: invalid memory address or nil pointer dereference [recovered, repanicked]',
  '[signal SIGSEGV: segmentation violation code=0x1 addr=0x8 pc=0xb969dd]',
  '',
  'goroutine 6 [running]:',
  'github.com/microsoft/typescript-go/internal/project.(*Snapshot).Clone.func1()',
].join('\n');

let crashing = false;

function handle(message) {
  if (crashing) return;
  if (message.method === 'textDocument/didOpen') {
    crashing = true;
    // As Go does it: the panic a few bytes at a time (its first line in two pieces), then the exit, which closes stdout
    // and stderr at once: the client may see the connection close before it has read the panic.
    process.stderr.write('panic: ');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    process.stderr.write(`${PANIC.slice('panic: '.length)}\n`);
    process.exit(2);
  }
  if (message.id === undefined) return;
  if (message.method === 'initialize') send({ id: message.id, result: { capabilities: {} } });
  else send({ id: message.id, result: null });
}

onMessages(handle);
