import { execFileSync } from 'node:child_process';
import { CN_BIN } from './cn.js';

/**
 * Another local user (uid 65534 through setpriv), for attacks that need one: files planted where everyone can
 * write, cn run by someone the files are closed to. Needs root (the tests run as root).
 */
export const OTHER_UID = 65534;
const AS_OTHER_USER = ['--reuid=65534', '--regid=65534', '--clear-groups'];

/** Why the other user cannot be played here, or undefined when it can. */
export function whyOtherUserIsUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return 'planting files as another user needs root (setpriv)';
  try {
    execFileSync('setpriv', [...AS_OTHER_USER, 'true']);
    return undefined;
  } catch (error) {
    return `setpriv cannot switch to uid ${OTHER_UID}: ${(error as Error).message.split('\n')[0]}`;
  }
}

/** Runs a node script as the other user. */
export function asOtherUser(script: string): void {
  execFileSync('setpriv', [...AS_OTHER_USER, process.execPath, '-e', script], { stdio: 'pipe' });
}

/** Runs the built cn as the other user. */
export function runCnAsOtherUser(
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd?: string,
): { exitCode: number; stderr: string } {
  try {
    execFileSync('setpriv', [...AS_OTHER_USER, process.execPath, CN_BIN, ...args], {
      env: { ...process.env, ...env },
      stdio: 'pipe',
      timeout: 60_000,
      cwd,
    });
    return { exitCode: 0, stderr: '' };
  } catch (error) {
    const failure = error as { status?: number | null; stderr?: Buffer };
    return { exitCode: failure.status ?? -1, stderr: String(failure.stderr ?? '') };
  }
}
