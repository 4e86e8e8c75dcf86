import { createHash } from 'node:crypto';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Where a root's daemon keeps its log, lock and engine logs: under the OS temp dir, never inside
 * the user's project (the port file is the one thing cn writes there). One directory per user and
 * root, so two projects or two users never share a lock.
 */
export function stateDirectory(root: string): string {
  const digest = createHash('sha256').update(root).digest('hex').slice(0, 16);
  const user = safeUserName();
  return path.join(os.tmpdir(), `cn-${user}`, `${path.basename(root).replace(/[^\w.-]/g, '_').slice(0, 40)}-${digest}`);
}

function safeUserName(): string {
  try {
    return os.userInfo().username.replace(/[^\w.-]/g, '_') || 'user';
  } catch {
    return String(process.getuid?.() ?? 'user');
  }
}

export const CN_VERSION = '0.1.0';
