import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Context } from '../src/run.js';
import { userFile } from '../src/user-paths.js';

describe('userFile', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('prefers the working directory when it is inside the root, even one named ..cache', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'cn-user-paths-'));
    const cwd = path.join(root, '..cache');
    mkdirSync(cwd);
    writeFileSync(path.join(root, 'a.ts'), '');
    writeFileSync(path.join(cwd, 'a.ts'), '');
    const context = { root, cwd } as Context;
    expect(userFile(context, 'a.ts')).toBe(path.join(cwd, 'a.ts'));
  });

  it('prefers the root when the working directory is outside it', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'cn-user-paths-'));
    const project = path.join(root, 'project');
    mkdirSync(project);
    writeFileSync(path.join(root, 'a.ts'), '');
    writeFileSync(path.join(project, 'a.ts'), '');
    expect(userFile({ root: project, cwd: root } as Context, 'a.ts')).toBe(path.join(project, 'a.ts'));
  });
});
