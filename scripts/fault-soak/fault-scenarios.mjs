// Crashes, load and edits: each scenario asks real questions while something goes wrong.
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  PORT_FILE,
  children,
  cn,
  commandOf,
  daemonsFor,
  expected,
  findIsCorrect,
  freshRoot,
  portFile,
  sleep,
} from './harness.mjs';

export function faultScenarios(fixture) {
  async function killMidStream(tally, victimOf) {
    const root = freshRoot(fixture);
    const total = await expected(root, 'User');
    for (let i = 0; i < 15; i++) {
      if (i === 5) {
        const victim = victimOf(portFile(root).pid);
        if (victim) process.kill(victim, 'SIGKILL');
        else tally.notes.push('no process to kill');
      }
      const result = await cn(['find', 'User', '--root', root]);
      tally.record(result, findIsCorrect(total)(result));
    }
    return root;
  }

  return {
    async 'cold stampede: 20 cn at once, no daemon'(tally) {
      const root = freshRoot(fixture);
      const results = await Promise.all(Array.from({ length: 20 }, () => cn(['find', 'User', '--root', root])));
      const total = JSON.parse(results.find((r) => r.exitCode === 0)?.stdout ?? '{}').totalReferences;
      for (const result of results) tally.record(result, findIsCorrect(total)(result) && total > 0);
      tally.require(daemonsFor(root) === 1, `${daemonsFor(root)} daemons`);
      return root;
    },
    async 'warm burst: 50 cn at once'(tally) {
      const root = freshRoot(fixture);
      const total = await expected(root, 'User');
      const results = await Promise.all(Array.from({ length: 50 }, () => cn(['find', 'User', '--root', root])));
      for (const result of results) tally.record(result, findIsCorrect(total)(result));
      return root;
    },
    'kill -9 typescript-language-server mid-stream': (tally) =>
      killMidStream(tally, (daemon) =>
        children(daemon).find((pid) => commandOf(pid).includes('typescript-language-server')),
      ),
    'kill -9 tsserver mid-stream': (tally) =>
      killMidStream(tally, (daemon) => children(daemon).find((pid) => commandOf(pid).includes('tsserver.js'))),
    'kill -9 the native server (tsc --lsp) mid-stream': (tally) =>
      killMidStream(tally, (daemon) => children(daemon).find((pid) => / --lsp\b/.test(commandOf(pid)))),
    'kill -9 the daemon mid-stream': (tally) => killMidStream(tally, (daemon) => daemon),
    async 'edit churn: edit, then ask (20 rounds)'(tally) {
      const root = freshRoot(fixture);
      const base = await expected(root, 'User');
      const file = path.join(root, 'src/churn.ts');
      for (let i = 1; i <= 20; i++) {
        writeFileSync(
          file,
          `import { User } from './domain/user.js';\n${Array.from({ length: i }, (_, n) => `export const u${n}: User | null = null;`).join('\n')}\n`,
        );
        tally.record(await cn(['find', 'User', '--root', root]), findIsCorrect(base + i + 1));
      }
      return root;
    },
    async 'idle shutdown, then ask again'(tally) {
      const root = freshRoot(fixture);
      // The first request starts the daemon with the short idle time (a running one keeps its own).
      const first = await cn(['find', 'User', '--root', root], { CN_IDLE_MINUTES: '0.03' });
      const pid = portFile(root)?.pid;
      // The port file goes first; the process follows once its language server is down (at most 8 s).
      for (let waited = 0; waited < 30_000 && (portFile(root) || (pid && commandOf(pid))); waited += 200)
        await sleep(200);
      tally.require(!portFile(root) && !(pid && commandOf(pid)), 'daemon did not leave when idle');
      const again = await cn(['find', 'User', '--root', root]);
      const total = await expected(root, 'User');
      tally.record(first, findIsCorrect(total)(first));
      tally.record(again, findIsCorrect(total)(again));
      return root;
    },
    // typescript-go 7.0.2 panicked on test/fixtures/native-crash at every start while cn opened loose files one by one
    // (issue 24); they are one project of cn's own now: native answers every question, with no crash or hand-over.
    async 'a layout that made the native engine panic, auto'(tally) {
      const root = freshRoot('test/fixtures/native-crash');
      const env = { CN_ENGINE: 'auto' };
      for (let i = 0; i < 5; i++) {
        const result = await cn(['find', 'answer', '--root', root], env);
        const found = (() => {
          try {
            return JSON.parse(result.stdout).definition?.filePath === 'solution/a/index.ts';
          } catch {
            return false;
          }
        })();
        tally.record(result, found);
      }
      const status = JSON.parse((await cn(['status', '--root', root], env)).stdout);
      tally.require(
        status.engine === 'native' && status.restarts === 0 && status.engineFallback === undefined,
        `native did not keep the root: engine ${status.engine}, restarts ${status.restarts}`,
      );
      return root;
    },
    async 'corrupt port file mid-stream'(tally) {
      const root = freshRoot(fixture);
      const total = await expected(root, 'User');
      for (let i = 0; i < 10; i++) {
        if (i === 4) writeFileSync(path.join(root, PORT_FILE), '{"pid": 1, "po');
        const result = await cn(['find', 'User', '--root', root]);
        tally.record(result, findIsCorrect(total)(result));
      }
      return root;
    },
  };
}
