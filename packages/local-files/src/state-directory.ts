import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Where a root's daemon keeps its log, lock and engine logs: never inside the user's project (the
 * port file is the one thing cn writes there). One directory per user and root, so two projects or
 * two users never share a lock. `$XDG_RUNTIME_DIR` is private to the user, so it is preferred to
 * the shared temp dir, where another user could create the name first (cn checks both levels it
 * creates before using them).
 */
export function stateDirectory(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const digest = fnv1a(root, 0x811c9dc5) + fnv1a(root, 0x01000193);
  return path.join(
    userStateDirectory(env),
    `${path
      .basename(root)
      .replace(/[^\w.-]/g, '_')
      .slice(0, 40)}-${digest}`,
  );
}

/** `<base>/cn-<user>`: the parent of every root's state directory and of what cn keeps per user (compile cache). */
export function userStateDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(stateBase(env), `cn-${safeUserName()}`);
}

function stateBase(env: NodeJS.ProcessEnv): string {
  const runtime = env.XDG_RUNTIME_DIR;
  if (runtime && path.isAbsolute(runtime)) return runtime;
  // os.tmpdir() reads process.env; an explicit env (tests, a client for another environment) is read the same way.
  return env === process.env ? os.tmpdir() : env.TMPDIR || env.TMP || env.TEMP || os.tmpdir();
}

function safeUserName(): string {
  try {
    return os.userInfo().username.replace(/[^\w.-]/g, '_') || 'user';
  } catch {
    return String(process.getuid?.() ?? 'user');
  }
}

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
