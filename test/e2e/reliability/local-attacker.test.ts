import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stateDirectory } from '@cn/local-files';
import { PORT_FILE, cleanUp, cn, copyProject, isAlive, json, readPortFile, waitFor } from '../../helpers/cn.js';
import {
  AS_OTHER_USER,
  OTHER_UID,
  asOtherUser,
  runCnAsOtherUser,
  whyOtherUserIsUnavailable,
} from '../../helpers/other-user.js';
import { commitPortFile, startImpostor, startVictim } from '../../helpers/impostor.js';

// The attacker is another local user (uid 65534 through setpriv) who can write where everyone can: the temp
// directory, and a project directory shared with write access for all.
const skipReason = whyOtherUserIsUnavailable();
if (skipReason) console.warn(`local-attacker tests skipped: ${skipReason}`);

describe.skipIf(skipReason !== undefined)('a local attacker (another user on this machine)', () => {
  let base: string;
  let env: NodeJS.ProcessEnv;
  const roots: string[] = [];
  const project = (): string => {
    const root = copyProject('examples/shop');
    roots.push(root);
    return root;
  };
  /** The state directory cn uses for root, under this suite's own temp directory. */
  const stateDirOf = (root: string): string => stateDirectory(root, env);
  const refusedLine = (stderr: string) => stderr.split('\n').filter(Boolean);

  beforeEach(() => {
    // A temp directory like /tmp (sticky, writable by all), private to each test, so a planted
    // directory never disturbs another test.
    base = mkdtempSync(path.join(os.tmpdir(), 'cn-attacked-'));
    chmodSync(base, 0o1777);
    env = { TMPDIR: base, XDG_RUNTIME_DIR: '' };
  });
  afterEach(async () => {
    for (const root of roots.splice(0)) {
      // A planted FIFO would block the helper's read of the port file.
      rmSync(path.join(root, PORT_FILE), { recursive: true, force: true });
      await cleanUp(root, env);
    }
    rmSync(base, { recursive: true, force: true });
  });

  it('refuses a state directory another user created first (exit 3) and writes nothing through its symlinked log', async () => {
    const root = project();
    const stateDir = stateDirOf(root);
    const bashrc = path.join(base, 'victim-bashrc');
    writeFileSync(bashrc, '# the victim shell start-up\n');
    asOtherUser(`
      const fs = require('fs');
      fs.mkdirSync(${JSON.stringify(stateDir)}, { recursive: true });
      fs.chmodSync(${JSON.stringify(path.dirname(stateDir))}, 0o777);
      fs.chmodSync(${JSON.stringify(stateDir)}, 0o777);
      fs.symlinkSync(${JSON.stringify(bashrc)}, ${JSON.stringify(path.join(stateDir, 'daemon.log'))});`);
    const result = await cn(['find', 'User', '--root', root], { env });
    expect(result.exitCode).toBe(3);
    expect(refusedLine(result.stderr)).toEqual([
      expect.stringMatching(/^cn: state directory .* is owned by uid 65534, not by you .*remove it/),
    ]);
    expect(result.stderr).toContain(path.dirname(stateDir));
    expect(readFileSync(bashrc, 'utf8')).toBe('# the victim shell start-up\n');
  });

  it('a start lock planted by another user cannot stall cn: exit 3 at once, not after 60 s', async () => {
    const root = project();
    const stateDir = stateDirOf(root);
    asOtherUser(`
      const fs = require('fs');
      fs.mkdirSync(${JSON.stringify(stateDir)}, { recursive: true, mode: 0o700 });
      fs.writeFileSync(${JSON.stringify(path.join(stateDir, 'start.lock'))}, '1');`);
    const result = await cn(['find', 'User', '--root', root], { env });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).not.toMatch(/did not start/);
    expect(refusedLine(result.stderr)).toEqual([
      expect.stringMatching(/^cn: state directory .* is owned by uid 65534/),
    ]);
  }, 90_000);

  it('refuses its own state directory when group- or world-writable', async () => {
    const root = project();
    const stateDir = stateDirOf(root);
    mkdirSync(stateDir, { recursive: true });
    chmodSync(stateDir, 0o777);
    const result = await cn(['find', 'User', '--root', root], { env });
    expect(result.exitCode).toBe(3);
    expect(refusedLine(result.stderr)).toEqual([
      expect.stringMatching(/^cn: state directory .* is writable by others/),
    ]);
  });

  it('creates its state directories 0700 and its log 0600, so another user can plant nothing in them', async () => {
    const root = project();
    expect((await cn(['start', '--root', root], { env })).exitCode).toBe(0);
    const stateDir = stateDirOf(root);
    for (const dir of [path.dirname(stateDir), stateDir, path.join(stateDir, 'tsserver-logs')]) {
      const stat = lstatSync(dir);
      expect(stat.isDirectory()).toBe(true);
      expect(stat.uid).toBe(process.getuid!());
      expect(stat.mode & 0o777).toBe(0o700);
    }
    expect(statSync(path.join(stateDir, 'daemon.log')).mode & 0o777).toBe(0o600);
    expect(() =>
      asOtherUser(`require('fs').writeFileSync(${JSON.stringify(path.join(stateDir, 'start.lock'))}, '1')`),
    ).toThrow(/EACCES/);
  });

  it.each([
    ['a regular file', (portFile: string, fake: string) => `fs.writeFileSync(${portFile}, ${fake});`],
    [
      'a symlink to their file',
      (portFile: string, fake: string) =>
        `fs.writeFileSync(${portFile} + '.theirs', ${fake}); fs.symlinkSync(${portFile} + '.theirs', ${portFile});`,
    ],
  ])(
    'a port file another user planted (%s) is never used, replaced or removed: exit 3 naming its owner',
    async (_kind, plant) => {
      const root = project();
      chmodSync(root, 0o777);
      const portFile = path.join(root, PORT_FILE);
      const fake = JSON.stringify({
        pid: 1,
        port: 1,
        host: '127.0.0.1',
        root,
        token: 'theirs',
        version: '0.1.0',
        startedAt: '',
        logFile: '',
      });
      asOtherUser(`const fs = require('fs'); ${plant(JSON.stringify(portFile), JSON.stringify(fake))}`);
      const before = lstatSync(portFile);
      const result = await cn(['find', 'User', '--root', root], { env });
      expect(result.exitCode).toBe(3);
      expect(refusedLine(result.stderr)).toEqual([
        expect.stringMatching(/^cn: the daemon for .* belongs to user nobody \(uid 65534\)/),
      ]);
      expect(result.stderr).toContain(portFile);
      const after = lstatSync(portFile);
      expect([after.ino, after.uid, after.isSymbolicLink()]).toEqual([before.ino, OTHER_UID, before.isSymbolicLink()]);
    },
  );

  it('a committed port file naming a server another user runs, signing with its token: never believed, its pid never signalled', async () => {
    const root = project();
    const victim = startVictim();
    const token = 'c0ffee'.repeat(8);
    const impostor = await startImpostor(token, victim.pid!, root, ['setpriv', ...AS_OTHER_USER]);
    try {
      commitPortFile(root, { pid: victim.pid!, port: impostor.port, token });
      const stopped = await cn(['stop', '--root', root], { env });
      expect(isAlive(victim.pid!)).toBe(true);
      expect(json(stopped)).toMatchObject({ stopped: false, removedStalePortFile: true });
      commitPortFile(root, { pid: victim.pid!, port: impostor.port, token });
      const result = await cn(['find', 'User', '--root', root, '--format', 'text'], { env });
      expect(result.exitCode).toBe(0);
      expect(result.stdout).not.toContain('PLANTED');
      expect(result.stdout).toMatch(/^definition {2}Class User {2}src\/domain\/user\.ts:6:14/);
      expect(impostor.requests).toEqual([]);
      expect(isAlive(victim.pid!)).toBe(true);
    } finally {
      impostor.stop();
      victim.kill('SIGKILL');
    }
  });

  it("two users in one writable project: the second gets exit 3 and the first one's daemon keeps its port file", async () => {
    const root = project();
    chmodSync(root, 0o777);
    const started = await cn(['start', '--root', root], { env });
    expect(started.exitCode).toBe(0);
    const daemon = json(started).pid;
    const second = runCnAsOtherUser(['find', 'User', '--root', root], env);
    expect(second.exitCode).toBe(3);
    expect(refusedLine(second.stderr)).toEqual([
      expect.stringMatching(/^cn: the daemon for .* belongs to user root \(uid 0\)/),
    ]);
    expect(readPortFile(root)?.pid).toBe(daemon);
    expect(isAlive(daemon)).toBe(true);
  });

  it.each([
    ['a FIFO', (portFile: string) => execFileSync('mkfifo', [portFile]), /is not a regular file/],
    ['a directory', (portFile: string) => mkdirSync(portFile), /is not a regular file/],
  ])(
    '%s at the port file path: exit 3 with one line naming it, never a hang',
    async (_kind, plant, reason) => {
      const root = project();
      const portFile = path.join(root, PORT_FILE);
      plant(portFile);
      const result = await cn(['find', 'User', '--root', root], { env, timeoutMs: 20_000 });
      expect(result.exitCode).toBe(3);
      expect(refusedLine(result.stderr)).toEqual([expect.stringMatching(reason)]);
      expect(result.stderr).toContain(portFile);
    },
    30_000,
  );

  it('a daemon whose port file becomes a FIFO leaves (not wedged on reading it)', async () => {
    const root = project();
    const started = await cn(['start', '--root', root], { env });
    expect(started.exitCode).toBe(0);
    const daemon = json(started).pid;
    const portFile = path.join(root, PORT_FILE);
    rmSync(portFile);
    execFileSync('mkfifo', [portFile]);
    expect(await waitFor(() => !isAlive(daemon), 20_000)).toBe(true);
    expect(lstatSync(portFile).isFIFO()).toBe(true);
  }, 40_000);

  it('logs refused requests escaped, truncated and rate-limited', async () => {
    const root = project();
    const started = await cn(['start', '--root', root], { env });
    expect(started.exitCode).toBe(0);
    const { port } = readPortFile(root)!;
    const request = (head: string) =>
      new Promise<void>((resolve) => {
        // latin1: each char one byte, so the Host header below carries raw bytes 0xff and 0x85.
        const socket = net.connect(port, '127.0.0.1', () => socket.end(Buffer.from(head, 'latin1')));
        socket
          .on('data', () => undefined)
          .on('close', () => resolve())
          .on('error', () => resolve());
      });
    await request(`GET /status?$(touch${'A'.repeat(3000)}) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await request('GET /status HTTP/1.1\r\nHost: evil\u00ff\u0085\r\n\r\n');
    for (let i = 0; i < 200; i++) await request(`GET /status?${i} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    const logFile = path.join(stateDirOf(root), 'daemon.log');
    expect(await waitFor(() => /refused/.test(readFileSync(logFile, 'latin1')))).toBe(true);
    const lines = readFileSync(logFile, 'latin1').split('\n');
    const refused = lines.filter((line) => /refused/.test(line));
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThanOrEqual(25);
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(600);
      expect(line).toMatch(/^[\x20-\x7e]*$/);
    }
    expect(refused.join('\n')).toMatch(/evil\\u00ff\\u0085/);
    // The summary of what was held back comes with the next line after the window; ask for one now.
    expect(lines.join('\n')).not.toContain('A'.repeat(400));
  }, 60_000);
});
