import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/**
 * Run in a child process: it uses up its own file descriptors (as a daemon flooded with connections did),
 * then asks whether the language server lost its tsserver or has stopped processes. The scan of /proc needs a
 * descriptor; it used to throw EMFILE out of the daemon's watch timer and end the process.
 */
const SCRIPT = `
import { closeSync, openSync } from 'node:fs';
import { LanguageServerProcess } from ${JSON.stringify(path.join(DIST, 'language-server-process.js'))};
import { locateTsserver, tsserverAdapter } from ${JSON.stringify(path.join(DIST, 'tsserver-adapter.js'))};
const adapter = tsserverAdapter(locateTsserver(process.cwd()));
const server = new LanguageServerProcess(adapter.launch({ root: process.cwd(), logDirectory: '' }), process.cwd(), adapter.describeProcess, () => undefined);
await new Promise((resolve) => setTimeout(resolve, 300));
const held = [];
try { for (;;) held.push(openSync('/dev/null', 'r')); } catch {}
let verdict;
try { const tree = server.checkTree(); verdict = String(tree.lostHelper ?? false) + ' ' + tree.stopped.length; } catch (error) { verdict = 'threw ' + error.code; }
for (const fd of held) closeSync(fd);
await server.kill();
console.log(JSON.stringify({ verdict, held: held.length }));
`;

describe('the process scan without a free file descriptor', () => {
  it.runIf(process.platform === 'linux')(
    'gives no verdict (false) instead of throwing EMFILE out of the timer',
    async () => {
      const output = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: DIST }, (error, stdout, stderr) =>
          error ? reject(new Error(stderr)) : resolve(stdout),
        ),
      );
      const result = JSON.parse(output) as { verdict: string; held: number };
      expect(result.held).toBeGreaterThan(0);
      expect(result.verdict).toBe('false 0');
    },
  );
});
