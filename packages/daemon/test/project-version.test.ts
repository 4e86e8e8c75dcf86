import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectVersion } from '../src/adapters/project-version.js';

const directories: string[] = [];
afterEach(() => directories.splice(0).forEach((directory) => rmSync(directory, { recursive: true, force: true })));

function project(files: Record<string, string>): { root: string; inputs: string[] } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'cn-version-'));
  directories.push(root);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return { root, inputs: Object.keys(files).map((name) => path.join(root, name)) };
}

describe('projectVersion', () => {
  it('holds while nothing changes; moves with an edit, even one that keeps size and mtime', async () => {
    const { inputs } = project({ 'a.ts': 'export const a = 1;\n', 'tsconfig.json': '{}' });
    const version = projectVersion({ inputFiles: async () => inputs });
    const first = await version();
    expect(await version()).toBe(first);
    const { mtime } = statSync(inputs[0]);
    writeFileSync(inputs[0], 'export const b = 1;\n');
    utimesSync(inputs[0], mtime, mtime);
    expect(await version()).not.toBe(first);
  });

  it('moves when the graph gains or loses a file, or one of its files disappears', async () => {
    const { root, inputs } = project({ 'a.ts': 'a', 'b.ts': 'b' });
    const listed = [inputs[0]];
    const version = projectVersion({ inputFiles: async () => listed });
    const one = await version();
    listed.push(inputs[1]);
    const two = await version();
    expect(two).not.toBe(one);
    rmSync(path.join(root, 'b.ts'));
    expect(await version()).not.toBe(two);
  });
});
