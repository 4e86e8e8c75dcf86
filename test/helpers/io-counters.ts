import { readFileSync } from 'node:fs';
import { expect, vi } from 'vitest';

/**
 * Bytes the process has passed to write calls so far (pipes, sockets and files alike): /proc/<pid>/io's
 * wchar (Linux, where CI runs).
 */
export function bytesWritten(pid: number | 'self'): number {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  const written = /^wchar: (\d+)$/m.exec(io);
  if (!written) throw new Error(`no wchar in /proc/${pid}/io`);
  return Number(written[1]);
}

/**
 * More than a node process writes to its own wake-up pipes when a child stops or exits (17 bytes,
 * seen with strace), less than any LSP or tsserver request (a tsserver navto is 85 bytes).
 */
const A_REQUEST = 64;

/**
 * Waits until `pid` has written a request's worth of bytes since `before`: how a test that froze the
 * receiver knows its request has left for it, instead of sleeping and hoping. An idle language server
 * writes nothing.
 */
export async function waitForRequestSent(pid: number | 'self', before: number, timeout = 15_000): Promise<void> {
  await vi.waitFor(() => expect(bytesWritten(pid) - before).toBeGreaterThanOrEqual(A_REQUEST), {
    timeout,
    interval: 10,
  });
}

/**
 * Waits until `pid` has written nothing for `quietMs`: a daemon saves its indexes and logs in the moments after
 * `cn start` answers (the search index starts at once), and a test that counts its bytes to see one request leave
 * must not count those instead.
 */
export async function waitForNoWrites(pid: number, quietMs = 500, timeout = 15_000): Promise<void> {
  let last = bytesWritten(pid);
  let quietSince = Date.now();
  await vi.waitFor(
    () => {
      const now = bytesWritten(pid);
      if (now !== last) [last, quietSince] = [now, Date.now()];
      expect(Date.now() - quietSince).toBeGreaterThanOrEqual(quietMs);
    },
    { timeout, interval: 25 },
  );
}
