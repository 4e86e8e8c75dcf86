import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { PORT_FILE, REPO } from './cn.js';

const IMPOSTOR = path.join(REPO, 'test/helpers/impostor-daemon.mjs');

/** What a repository commits as its port file: a port, a victim's pid and a token anyone who clones it can read. */
export function commitPortFile(root: string, fields: { pid: number; port: number; token: string }): void {
  const portFile = {
    ...fields,
    host: '127.0.0.1',
    root,
    version: '0.1.0',
    startedAt: '2026-01-01T00:00:00.000Z',
    logFile: '/dev/null',
  };
  // As git checks it out: the cloning user's file, mode 0644.
  writeFileSync(path.join(root, PORT_FILE), JSON.stringify(portFile), { mode: 0o644 });
}

export interface Impostor {
  port: number;
  /** `<method> <url>` of every request it was sent. */
  requests: string[];
  stop(): void;
}

/**
 * Starts impostor-daemon.mjs (a real process, signing with `token`), run through `wrapper` when given
 * (`setpriv --reuid …` for another user), and resolves once it listens.
 */
export function startImpostor(
  token: string,
  victimPid: number,
  root: string,
  wrapper: string[] = [],
): Promise<Impostor> {
  const command = [...wrapper, process.execPath, IMPOSTOR, token, String(victimPid), root];
  const child: ChildProcess = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
  const requests: string[] = [];
  return new Promise((resolve, reject) => {
    let pending = '';
    child.once('exit', (code) => reject(new Error(`the impostor exited (${code}) before listening`)));
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const [kind, ...rest] = line.split(' ');
        if (kind === 'request') requests.push(rest.join(' '));
        if (kind === 'listening') resolve({ port: Number(rest[0]), requests, stop: () => child.kill('SIGKILL') });
      }
    });
  });
}

/** A process of the victim's own that a port file can name (`sleep`), to see whether cn signals it. */
export function startVictim(): ChildProcess {
  return spawn('sleep', ['600'], { stdio: 'ignore' });
}
