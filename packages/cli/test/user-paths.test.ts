import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Context } from '../src/run.js';
import { userFile } from '../src/user-paths.js';
import { scopeFlag } from '../src/commands/agent-options.js';

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

describe('scopeFlag: --in, --refs-in, --refs-not-in (issue 23, item 4)', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('takes the flag repeated, or a comma list, as one list, each piece made root-relative from the working directory', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'cn-scope-'));
    const cwd = path.join(root, 'packages/zod');
    mkdirSync(path.join(cwd, 'src'), { recursive: true });
    const context = { root, cwd } as Context;
    expect(scopeFlag(context, '**/*.test.ts,**/*.test.tsx', '--refs-not-in')).toBe('**/*.test.ts,**/*.test.tsx');
    expect(scopeFlag(context, ['src', '**/*.spec.ts'], '--refs-not-in')).toBe('packages/zod/src,**/*.spec.ts');
    expect(scopeFlag(context, 'src/*.{ts,tsx}')).toBe('packages/zod/src/*.{ts,tsx}');
    expect(() => scopeFlag(context, ['src', ''], '--refs-in')).toThrow('--refs-in takes a path or glob');
    expect(() => scopeFlag(context, ' , ')).toThrow('--in takes a path or glob');
  });
});
