// Things that used to hang cn or the daemon (issue 10): a FIFO at the port file, a peer that trickles
// bytes, a stopped tsserver, a glob built to backtrack, a flood of idle connections; (issue 22) a port
// file naming a live pid and a listener that never answers, a stopped daemon, greps of one-line 4 MB
// files, `cn find '*'` on 70,000 declarations, configs the engines cannot load, a FIFO at --output and an
// idle time past node's longest timer; (issue 23) `cn find` of a name 1,000 files declare. Each cn process
// here has a short limit: a hang is a lost answer, a clear failure within the limit is not.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import * as path from 'node:path';
import { DAEMON_BUNDLE } from '../bundle.mjs';
import { DECLARATIONS_PER_FILE, longLine, longRows, manyDeclarations, writeGenerated } from '../lib/large-projects.mjs';
import {
  PORT_FILE,
  children,
  cn,
  commandOf,
  expected,
  findIsCorrect,
  freshRoot,
  portFile,
  repo,
  sleep,
} from './harness.mjs';

const HANG_LIMIT_MS = 45_000;
const DAEMON_PATH = path.join(repo, 'packages/cli/dist', DAEMON_BUNDLE);
const FLOOD_CONNECTIONS = 5_000;

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export function hangScenarios(fixture) {
  const ask = (root, extra = [], env = {}) => cn(['find', 'User', '--root', root, ...extra], env, HANG_LIMIT_MS);

  return {
    async 'FIFO at the port file path'(tally) {
      const root = freshRoot(fixture);
      execFileSync('mkfifo', [path.join(root, PORT_FILE)]);
      tally.recordAnswered(await ask(root));
      rmSync(path.join(root, PORT_FILE), { force: true });
      const total = await expected(root, 'User');
      const again = await ask(root);
      tally.record(again, findIsCorrect(total)(again));
      return root;
    },
    async 'port file names a peer that trickles bytes'(tally) {
      const root = freshRoot(fixture);
      const sockets = new Set();
      const peer = createServer((socket) => {
        sockets.add(socket);
        socket.on('error', () => undefined);
        const drip = setInterval(() => socket.write('H'), 200);
        socket.on('close', () => clearInterval(drip));
      });
      await new Promise((resolve) => peer.listen(0, '127.0.0.1', resolve));
      const content = {
        pid: process.pid,
        port: peer.address().port,
        host: '127.0.0.1',
        root,
        token: randomBytes(24).toString('hex'),
        version: '0.1.0',
        startedAt: new Date().toISOString(),
        logFile: '/dev/null',
      };
      writeFileSync(path.join(root, PORT_FILE), JSON.stringify(content), { mode: 0o600, flag: 'wx' });
      for (let i = 0; i < 3; i++) {
        const result = await ask(root, ['--timeout', '10000']);
        tally.record(result, findIsCorrect(await expectedOnceAnswered(root, result))(result));
      }
      for (const socket of sockets) socket.destroy();
      peer.close();
      return root;
    },
    async 'port file names a live pid and a listener that never answers'(tally) {
      const root = freshRoot(fixture);
      const sockets = new Set();
      const silent = createServer((socket) => {
        sockets.add(socket);
        socket.on('error', () => undefined);
      });
      await new Promise((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const content = {
        pid: process.pid,
        port: silent.address().port,
        host: '127.0.0.1',
        root,
        token: randomBytes(24).toString('hex'),
        version: '0.1.0',
        startedAt: new Date().toISOString(),
        logFile: '/dev/null',
      };
      writeFileSync(path.join(root, PORT_FILE), JSON.stringify(content), { mode: 0o644, flag: 'wx' });
      // --timeout well past the hang limit: a question that waited on the listener would be lost.
      for (let i = 0; i < 3; i++) {
        const result = await ask(root, ['--timeout', String(HANG_LIMIT_MS * 2)]);
        tally.record(result, findIsCorrect(await expectedOnceAnswered(root, result))(result));
      }
      tally.require(sockets.size === 0, 'cn connected to a listener no daemon record vouches for');
      for (const socket of sockets) socket.destroy();
      silent.close();
      return root;
    },
    async 'SIGSTOPped daemon: questions fail at once (exit 3)'(tally) {
      const root = freshRoot(fixture);
      await expected(root, 'User');
      const daemon = portFile(root).pid;
      process.kill(daemon, 'SIGSTOP');
      try {
        for (let i = 0; i < 3; i++) {
          const result = await ask(root, ['--timeout', String(HANG_LIMIT_MS * 2)]);
          tally.record(result, false);
          tally.require(result.exitCode === 3, `exit ${result.exitCode}, not 3 (the daemon does not respond)`);
        }
      } finally {
        process.kill(daemon, 'SIGCONT');
      }
      return root;
    },
    async 'SIGSTOPped tsserver'(tally) {
      const root = freshRoot(fixture);
      const total = await expected(root, 'User');
      const daemon = portFile(root).pid;
      const stopped = children(daemon).filter((pid) => commandOf(pid).includes('tsserver.js'));
      tally.require(stopped.length > 0, 'no tsserver to stop');
      for (const pid of stopped) process.kill(pid, 'SIGSTOP');
      for (let i = 0; i < 5; i++) {
        const result = await ask(root);
        tally.record(result, findIsCorrect(total)(result));
      }
      for (const pid of stopped) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      return root;
    },
    // (issue 26) cn check holds the engine alone while it has an unsaved text: a stopped engine must not leave the
    // check, or the questions that wait behind it, hanging.
    async 'SIGSTOPped tsserver around cn check'(tally) {
      const root = freshRoot(fixture);
      await cn(['start', '--engine', 'tsserver', '--root', root]);
      const total = await expected(root, 'User');
      const content = `${root}-check.ts`;
      writeFileSync(content, 'export const edited: number = 1;\n');
      const daemon = portFile(root).pid;
      const stopped = children(daemon).filter((pid) => commandOf(pid).includes('tsserver.js'));
      tally.require(stopped.length > 0, 'no tsserver to stop');
      for (const pid of stopped) process.kill(pid, 'SIGSTOP');
      try {
        const check = cn(
          ['check', 'src/domain/money.ts', '--content-file', content, '--root', root],
          {},
          HANG_LIMIT_MS,
        );
        const questions = Array.from({ length: 3 }, () => ask(root));
        const checked = await check;
        // Exit 1 with its answer: the edit adds errors (it drops money.ts's exports).
        tally.recordAnswered(checked);
        for (const result of await Promise.all(questions)) tally.record(result, findIsCorrect(total)(result));
      } finally {
        for (const pid of stopped) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
        rmSync(content, { force: true });
      }
      const after = await ask(root);
      tally.record(after, findIsCorrect(total)(after));
      return root;
    },
    async 'glob bomb in --in (50 stars), beside a normal query'(tally) {
      const root = freshRoot(fixture);
      const total = await expected(root, 'User');
      const bomb = `src/${'*'.repeat(50)}x`; // took the old backtracking matcher past 20 s
      const [bombed, normal] = await Promise.all([
        ask(root, ['--in', bomb]),
        (async () => (await sleep(300), ask(root)))(),
      ]);
      tally.recordAnswered(bombed);
      tally.record(normal, findIsCorrect(total)(normal));
      return root;
    },
    async 'greps of eight one-line 4 MB files, beside a find'(tally) {
      const root = freshRoot(fixture);
      writeGenerated(root, 'src/blobs', 'blob', 8, longLine);
      writeGenerated(root, 'src/rows', 'rows', 8, longRows);
      const total = await expected(root, 'User');
      // `a` everywhere and `x*` (an empty match at every character) took 120 s; `.{900}[0-9]` runs into its budget.
      for (const pattern of ['a', 'x*']) tally.recordAnswered(await grepWithin(root, pattern, 'src/blobs'));
      const [slow, beside] = await Promise.all([
        grepWithin(root, '.{900}[0-9]', 'src/rows'),
        (async () => (await sleep(300), ask(root)))(),
      ]);
      tally.recordAnswered(slow);
      tally.record(beside, findIsCorrect(total)(beside));
      tally.notes.push(`a find beside the grep answered in ${beside.ms} ms (the grep: ${slow.ms} ms)`);
      return root;
    },
    async "find '*' --limit 5 on 70,000 declarations, beside a map"(tally) {
      const root = freshRoot(fixture);
      writeGenerated(root, 'src/generated', 'module', 1000, manyDeclarations);
      const total = await expected(root, 'User');
      const [listed, mapped] = await Promise.all([
        cn(['find', '*', '--limit', '5', '--root', root], {}, HANG_LIMIT_MS),
        (async () => (await sleep(300), cn(['map', 'src/generated/module7.ts', '--root', root], {}, HANG_LIMIT_MS)))(),
      ]);
      tally.record(listed, answerOf(listed)?.candidates?.length === 5);
      tally.record(mapped, answerOf(mapped)?.total === DECLARATIONS_PER_FILE);
      const beside = await ask(root);
      tally.record(beside, findIsCorrect(total)(beside));
      tally.notes.push(`the listing answered in ${listed.ms} ms, a map asked 300 ms after it in ${mapped.ms} ms`);
      return root;
    },
    // Issue 23: cn find accounts for every occurrence of the name (otherMatches). A name 1,000 files each declare,
    // asked of a daemon whose search index is not built yet, has each file's syntax read there and then: other
    // questions must still be answered meanwhile.
    async 'find of a name 1,000 files declare, beside a map'(tally) {
      const root = freshRoot(fixture);
      writeGenerated(root, 'src/generated', 'module', 1000, manyDeclarations);
      const total = await expected(root, 'User');
      const [found, mapped] = await Promise.all([
        cn(['find', 'method0', '--root', root], {}, HANG_LIMIT_MS),
        (async () => (await sleep(300), cn(['map', 'src/generated/module7.ts', '--root', root], {}, HANG_LIMIT_MS)))(),
      ]);
      // Each file's method0 is a reference of one of the declarations answered or one of the other matches.
      const answer = answerOf(found);
      const references = [answer, ...(answer?.moreDefinitions ?? [])].reduce(
        (sum, part) => sum + part.totalReferences,
        0,
      );
      tally.record(found, answer?.otherMatches !== undefined && answer.otherMatches.total + references === 1000);
      tally.record(mapped, answerOf(mapped)?.total === DECLARATIONS_PER_FILE);
      const beside = await ask(root);
      tally.record(beside, findIsCorrect(total)(beside));
      tally.notes.push(`the find answered in ${found.ms} ms, a map asked 300 ms after it in ${mapped.ms} ms`);
      return root;
    },
    // Issue 24.6: cn unused reads every project file for computed keys (`ns[key]`); a file of unclosed comments, or a
    // namespace name followed by a megabyte of spaces, made the scan grow with the square of the text.
    async 'unused over texts built to slow the computed-key scan, beside a find'(tally) {
      const root = freshRoot(fixture);
      const importing = "import * as domain from './domain/user';\n";
      writeFileSync(path.join(root, 'src/hostile-comments.ts'), `${importing}${'/* '.repeat(300_000)}\n`);
      writeFileSync(
        path.join(root, 'src/hostile-spaces.ts'),
        `${importing}export const picked = domain${' '.repeat(1_000_000)}.User;\n`,
      );
      const total = await expected(root, 'User');
      const [unused, beside] = await Promise.all([
        cn(['unused', 'src', '--exported', '--root', root], {}, HANG_LIMIT_MS),
        (async () => (await sleep(300), ask(root)))(),
      ]);
      tally.record(unused, Array.isArray(answerOf(unused)?.files));
      tally.record(beside, findIsCorrect(total)(beside));
      tally.notes.push(`unused answered in ${unused.ms} ms, a find beside it in ${beside.ms} ms`);
      return root;
    },
    // Issue 22: opening a FIFO for writing waits for a reader, and `--output` onto one held cn for ever.
    async 'FIFO at the --output path'(tally) {
      const root = freshRoot(fixture);
      const fifo = path.join(root, 'answer.json');
      execFileSync('mkfifo', [fifo]);
      const refused = await ask(root, ['--output', fifo]);
      tally.record(refused, false);
      tally.require(refused.exitCode === 5, `--output onto a FIFO: exit ${refused.exitCode}`);
      rmSync(fifo, { force: true });
      const total = await expected(root, 'User');
      const again = await ask(root);
      tally.record(again, findIsCorrect(total)(again));
      return root;
    },
    // Issue 22: 40,000 idle minutes overflowed setTimeout, the daemon left as it started, and every command said
    // "the daemon exited while starting". Refused (exit 2, naming the setting) before a daemon starts; the daemon
    // refuses it too when started by hand; the longest idle time node can time keeps a daemon that answers.
    async 'idle minutes past the longest timer (40000)'(tally) {
      const root = freshRoot(fixture);
      const refusedAs = (result, name) =>
        result.exitCode === 2 && result.stderr.startsWith(`cn: ${name} takes a number from 0 to 35791, not '40000'`);
      const fromEnv = await ask(root, [], { CN_IDLE_MINUTES: '40000' });
      tally.record(fromEnv, false);
      tally.require(refusedAs(fromEnv, 'CN_IDLE_MINUTES'), `CN_IDLE_MINUTES=40000: exit ${fromEnv.exitCode}`);
      const fromFlag = await cn(['start', '--root', root, '--idle-minutes', '40000'], {}, HANG_LIMIT_MS);
      tally.record(fromFlag, false);
      tally.require(refusedAs(fromFlag, '--idle-minutes'), `--idle-minutes 40000: exit ${fromFlag.exitCode}`);
      const daemon = spawnSync(process.execPath, [DAEMON_PATH, '--root', root, '--idle-minutes', '40000'], {
        encoding: 'utf8',
        timeout: HANG_LIMIT_MS,
      });
      tally.require(daemon.status === 2, `the daemon took --idle-minutes 40000 (exit ${daemon.status})`);
      const longest = await ask(root, [], { CN_IDLE_MINUTES: '35791' });
      tally.record(longest, findIsCorrect(await expectedOnceAnswered(root, longest))(longest));
      tally.require(isAlive(portFile(root)?.pid ?? 0), 'the daemon with the longest idle time left at once');
      return root;
    },
    // A config's extends leading to /dev/zero took the daemon (auto reads every config) to 15.6 GB in 40 s; a cycle
    // left the native engine loading for good. Both are config errors now: questions about their files exit 3.
    async 'tsconfig extends /dev/zero (auto engine)'(tally) {
      return keptFromEngine(
        tally,
        fixture,
        { 'tsconfig.json': '{ "extends": "/dev/zero", "include": ["src"] }' },
        'auto',
      );
    },
    async 'circular tsconfig extends (native engine)'(tally) {
      const configs = {
        'tsconfig.json': '{ "extends": "./base.json", "include": ["src"] }',
        'base.json': '{ "extends": "./tsconfig.json" }',
      };
      return keptFromEngine(tally, fixture, configs, 'native');
    },
    async [`connection flood: ${FLOOD_CONNECTIONS.toLocaleString('en')} idle connections`](tally) {
      const root = freshRoot(fixture);
      const total = await expected(root, 'User');
      const { pid, port } = portFile(root);
      const flood = await openIdleConnections(port, FLOOD_CONNECTIONS);
      for (let i = 0; i < 5; i++) {
        const result = await ask(root);
        tally.record(result, findIsCorrect(total)(result));
      }
      tally.require(isAlive(pid) || portFile(root)?.pid !== pid, 'the daemon died under the flood');
      for (const socket of flood) socket.destroy();
      return root;
    },
  };
}

function answerOf(result) {
  try {
    return JSON.parse(result.stdout);
  } catch {
    return undefined;
  }
}

function grepWithin(root, pattern, under) {
  return cn(['grep', pattern, under, '--root', root], {}, HANG_LIMIT_MS);
}

/** Writes the configs, starts the daemon, and asks about a file under them: exit 3 naming the config, never a hang. */
async function keptFromEngine(tally, fixture, configs, engine) {
  const root = freshRoot(fixture);
  for (const [name, text] of Object.entries(configs)) writeFileSync(path.join(root, name), text);
  const env = { CN_ENGINE: engine };
  // The first answer also carries the config warning; the questions after it are judged.
  tally.require((await cn(['start', '--root', root], env, HANG_LIMIT_MS)).exitCode === 0, 'cn start failed');
  for (let i = 0; i < 3; i++) {
    const result = await cn(['map', 'src/domain/user.ts', '--root', root], env, HANG_LIMIT_MS);
    tally.record(result, false);
    if (result.exitCode !== 3 || !result.stderr.includes('which cn does not load'))
      tally.require(false, `exit ${result.exitCode}`);
  }
  return root;
}

/** The undisturbed answer's count, known only once the daemon cn started for this root answered. */
async function expectedOnceAnswered(root, result) {
  return result.exitCode === 0 ? expected(root, 'User') : -1;
}

/** Opens idle sockets (connected or refused: a refused one counts as tried), never sending a byte. */
async function openIdleConnections(port, count) {
  const sockets = [];
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve) => {
          const socket = connect({ host: '127.0.0.1', port });
          socket.on('connect', resolve);
          socket.on('error', resolve);
          socket.on('close', resolve);
          sockets.push(socket);
        }),
    ),
  );
  return sockets;
}
