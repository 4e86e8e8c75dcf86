import { accessSync, constants, existsSync, realpathSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isProcessAlive, readConfigFile, readPortFile } from '@cn/client';
import { CnError, isInside } from '@cn/core';

/** What makes a directory a project: cn refuses to start anywhere else. */
export const PROJECT_MARKERS = ['tsconfig.json', 'jsconfig.json', 'package.json', '.git'];
/** A repository's top or a workspace's root: the answers and ids of every package below it belong there. */
const WORKSPACE_FILES = ['pnpm-workspace.yaml', 'lerna.json', 'rush.json', 'nx.json'];

export interface RootSearch {
  /** The user's home: a repository there (dotfiles) or above it is never taken as a workspace. */
  home?: string;
  /** Whether a live daemon of ours serves exactly this directory. */
  servedByDaemon?: (dir: string) => boolean;
}

/**
 * `--root`, or else, from the working directory up:
 * 1. the nearest directory a running daemon serves — a package of a repository asks the repository's
 *    daemon, not a second one of its own (one started with --root on the package is nearer, and wins);
 * 2. the outermost repository top (.git) or workspace root (package.json "workspaces",
 *    pnpm-workspace.yaml, lerna.json, rush.json, nx.json);
 * 3. the nearest directory with a tsconfig.json, jsconfig.json or package.json.
 * Below the home directory, 2 and 3 stop under it: a dotfiles repository or a stray ~/package.json
 * would make the whole home one project. A directory with no project here or above is refused: cn
 * would index whatever is there and write its port file into it.
 */
export function resolveProjectRoot(rootOption: string | undefined, cwd: string, search: RootSearch = {}): string {
  if (rootOption !== undefined) return givenRoot(path.resolve(cwd, rootOption), `--root ${rootOption}`);
  const start = readable(cwd, 'the working directory', 'run cn in a directory you can read, or pass --root <dir>');
  const ancestors = ancestorsOf(start);
  const served = search.servedByDaemon ?? isServedByDaemon;
  const running = ancestors.find(served);
  if (running) return running;
  const home = realHome(search.home ?? os.homedir());
  const belowHome = isStrictlyInside(start, home);
  const candidates = belowHome ? ancestors.filter((dir) => isStrictlyInside(dir, home)) : ancestors;
  const workspace = candidates.filter(isWorkspaceRoot).at(-1);
  if (workspace) return workspace;
  const nearest = candidates.find((dir) => PROJECT_MARKERS.some((marker) => existsSync(path.join(dir, marker))));
  if (nearest) return nearest;
  throw new CnError(
    'bad-input',
    `no project at ${start}: no tsconfig.json, jsconfig.json, package.json or .git here or above${belowHome ? ' (below the home directory)' : ''}`,
    'run cn inside a project, or pass --root <dir>',
  );
}

/**
 * `--root`'s directory, real path: it must exist, be a directory, and be one the user can list and enter. One
 * closed to them (`--root /root` for another user) was "unexpected failure: EACCES … lstat", exit 4, from the
 * first read inside it.
 */
function givenRoot(root: string, named: string): string {
  const hint = 'pass a project directory you can read';
  let isDirectory: boolean;
  try {
    isDirectory = statSync(root).isDirectory();
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw new CnError('bad-input', `${named} does not exist`, 'pass the project directory');
    throw new CnError('bad-input', `${named} cannot be reached (${code})`, hint);
  }
  if (!isDirectory) throw new CnError('bad-input', `${named} is not a directory`, 'pass the project directory');
  try {
    accessSync(root, constants.R_OK | constants.X_OK);
  } catch (error) {
    throw new CnError('bad-input', `${named} is not readable by you (${errorCode(error)})`, hint);
  }
  return readable(root, named, hint);
}

/** The real path of a directory, or bad input saying why not (a directory on the way closed to the user). */
function readable(dir: string, named: string, hint: string): string {
  try {
    return realpathSync(dir);
  } catch (error) {
    throw new CnError('bad-input', `${named} cannot be read (${errorCode(error)})`, hint);
  }
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

/** The directory and each of its parents, nearest first. */
function ancestorsOf(dir: string): string[] {
  const chain = [dir];
  while (path.dirname(chain[chain.length - 1]) !== chain[chain.length - 1])
    chain.push(path.dirname(chain[chain.length - 1]));
  return chain;
}

function isWorkspaceRoot(dir: string): boolean {
  if (existsSync(path.join(dir, '.git'))) return true;
  if (WORKSPACE_FILES.some((file) => existsSync(path.join(dir, file)))) return true;
  try {
    // The repository's file: read bounded (a regular file of at most 1 MB), never a /dev/zero it links to.
    const manifest = JSON.parse(readConfigFile(path.join(dir, 'package.json'))) as { workspaces?: unknown };
    return manifest.workspaces !== undefined;
  } catch {
    return false;
  }
}

/** A live daemon's port file names this directory as its root (a foreign or broken port file does not count). */
function isServedByDaemon(dir: string): boolean {
  try {
    const portFile = readPortFile(dir);
    return portFile !== undefined && portFile.root === dir && isProcessAlive(portFile.pid);
  } catch {
    return false;
  }
}

function isStrictlyInside(dir: string, container: string): boolean {
  return dir !== container && isInside(container, dir);
}

function realHome(home: string): string {
  try {
    return realpathSync(home);
  } catch {
    return home;
  }
}
