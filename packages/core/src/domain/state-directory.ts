import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Where a root's daemon keeps its log, lock and engine logs: under the OS temp dir, never inside
 * the user's project (the port file is the one thing cn writes there). One directory per user and
 * root, so two projects or two users never share a lock.
 */
export function stateDirectory(root: string): string {
  const digest = fnv1a(root, 0x811c9dc5) + fnv1a(root, 0x01000193);
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

/**
 * A stable 8-hex-digit FNV-1a hash: it only has to tell roots apart in a directory name, and
 * node:crypto would add to every CLI call's start-up.
 */
function fnv1a(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
