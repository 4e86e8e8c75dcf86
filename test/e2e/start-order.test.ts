import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, ENGINE, json } from '../helpers/cn.js';

/**
 * What a cold `cn find` goes through, in the order the daemon's log gives it (docs/performance.md, a cold find's
 * timeline): the order is what the daemon promises, never how long each step takes.
 */
describe('a cold start, by its daemon log', () => {
  const root = copyProject('test/fixtures/ts-multi');
  afterAll(() => cleanUp(root));

  it('spawns the language server before it loads its HTTP server, and logs each step of the first find', async () => {
    const found = await cn(['find', 'User', '--root', root, '--format', 'json']);
    expect(found.exitCode).toBe(0);
    const status = json<{ logFile: string }>(await cn(['status', '--root', root, '--format', 'json']));
    const log = readFileSync(status.logFile, 'utf8');
    // This daemon's start: the log is appended to across daemons of the root.
    const lines = log.slice(log.lastIndexOf('cn: modules loaded')).split('\n');
    const at = (pattern: RegExp) => {
      const index = lines.findIndex((line) => pattern.test(line));
      expect(index, `${String(pattern)} in\n${lines.join('\n')}`).toBeGreaterThanOrEqual(0);
      return index;
    };
    const spawned = at(/cn: language server spawned \d+ ms after the process started/);
    const serverModules = at(/cn: HTTP server modules loaded \d+ ms after the process started/);
    const listening = at(/cn: listening \d+ ms after the process started/);
    const findIn = at(/cn: question \d \(\/find\) in \d+ ms after the process started/);
    const number = /question (\d)/.exec(lines[findIn]!)![1];
    const answered = at(new RegExp(`cn: question ${number} answered \\d+ ms after the process started`));
    // The tree is walked once: auto and native choose by it, and the first session starts from that walk.
    const tree = at(/cn: source tree of \d+ files (taken from the engine choice's walk|walked) after \d+ ms/);
    expect(lines[tree]).toContain(ENGINE === 'native' ? "taken from the engine choice's walk" : 'walked after');
    expect(spawned).toBeLessThan(serverModules);
    // The native server builds a project only when asked: the HTTP server's modules load once it has been (after its
    // handshake), so their load does not hold the handshake's answer up (daemon.ts, onceLoading).
    if (ENGINE === 'native') expect(at(/cn: language server initialized after \d+ ms/)).toBeLessThan(serverModules);
    expect(serverModules).toBeLessThan(listening);
    expect(listening).toBeLessThan(findIn);
    expect(findIn).toBeLessThan(answered);
  });
});

describe('cn start, by its daemon log', () => {
  const root = copyProject('test/fixtures/ts-multi');
  afterAll(() => cleanUp(root));

  it('starts the search index once the project is ready, before the next question: no quiet to wait for', async () => {
    expect((await cn(['start', '--root', root])).exitCode).toBe(0);
    const status = json<{ logFile: string }>(await cn(['status', '--root', root, '--format', 'json']));
    const log = readFileSync(status.logFile, 'utf8');
    const lines = log.slice(log.lastIndexOf('cn: modules loaded')).split('\n');
    const at = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
    const ready = at(/cn: question \d \(\/ready\) in/);
    const indexStarted = at(/cn: search index started/);
    // cn start asks /status, then /ready; the cn status after it is the third question.
    const next = at(/cn: question 3 \(\/status\) in/);
    expect(ready, lines.join('\n')).toBeGreaterThanOrEqual(0);
    expect(indexStarted, lines.join('\n')).toBeGreaterThan(ready);
    expect(next, lines.join('\n')).toBeGreaterThan(indexStarted);
  });
});
