import { closeSync, constants, copyFileSync, fstatSync, ftruncateSync, rmSync, writeSync } from 'node:fs';
import { printable } from '@cn/core';
import { openPrivateAppend } from '@cn/local-files';

/** Past this size daemon.log moves to daemon.log.1 (replacing the previous one): at most 2 MB on disk. */
export const LOG_CAP_BYTES = 1024 * 1024;
/** Longer lines (a stack trace, say) are cut: one line must never fill the log. */
const MAX_LINE_CHARS = 4_000;

/** One log entry: a timestamp and the line escaped (one line, printable ASCII) and cut. */
export function logLine(line: string, now = new Date()): string {
  return `${now.toISOString()} ${printable(line, MAX_LINE_CHARS)}\n`;
}

/**
 * daemon.log: opened with the safe open (no symlink, our regular file, 0600), one escaped line per
 * entry, capped. Rotation copies the log aside and truncates it in place rather than renaming it:
 * the daemon's stdout and stderr (inherited from the client that spawned it, O_APPEND) keep
 * pointing at daemon.log, so a crash report still lands in the current log.
 */
export class DaemonLog {
  private readonly fd: number;

  constructor(
    private readonly file: string,
    private readonly capBytes = LOG_CAP_BYTES,
  ) {
    this.fd = openPrivateAppend(file);
  }

  write(line: string, now = new Date()): void {
    const entry = Buffer.from(logLine(line, now));
    if (fstatSync(this.fd).size + entry.length > this.capBytes) this.rotate();
    writeSync(this.fd, entry);
  }

  close(): void {
    closeSync(this.fd);
  }

  private rotate(): void {
    const previous = `${this.file}.1`;
    try {
      // Removed first, then created exclusively: a symlink planted at daemon.log.1 is deleted, not followed.
      rmSync(previous, { force: true });
      copyFileSync(this.file, previous, constants.COPYFILE_EXCL);
    } catch {
      // Keeping the cap matters more than keeping the old lines.
    }
    ftruncateSync(this.fd, 0);
  }
}
