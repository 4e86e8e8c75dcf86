import { existsSync, realpathSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { CnError } from '@cn/core';

const ROOT_MARKERS = ['tsconfig.json', 'jsconfig.json', 'package.json', '.git'];

/** `--root`, or the nearest ancestor of the working directory that looks like a project. */
export function resolveProjectRoot(rootOption: string | undefined, cwd: string): string {
  if (rootOption !== undefined) {
    const root = path.resolve(cwd, rootOption);
    if (!existsSync(root))
      throw new CnError('bad-input', `--root ${rootOption} does not exist`, 'pass the project directory');
    if (!statSync(root).isDirectory())
      throw new CnError('bad-input', `--root ${rootOption} is not a directory`, 'pass the project directory');
    return realpathSync(root);
  }
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (ROOT_MARKERS.some((marker) => existsSync(path.join(dir, marker)))) return realpathSync(dir);
    if (path.dirname(dir) === dir) return realpathSync(cwd);
  }
}
