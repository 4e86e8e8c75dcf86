import { readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORT_FILE, cleanUp, cn, copyProject } from '../../helpers/cn.js';

/** Every file under a directory with its size and mtime. */
function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const stat = statSync(full);
        files.set(path.relative(root, full), `${stat.size}:${stat.mtimeMs}`);
      }
    }
  };
  walk(root);
  return files;
}

describe('nothing written where it does not belong', () => {
  let root: string;
  beforeAll(() => {
    root = copyProject('test/fixtures/graph');
  });
  afterAll(() => cleanUp(root));

  it('writes only the port file into the project, and removes it on stop', async () => {
    const before = snapshot(root);
    const commands = [
      ['start'],
      ['find', 'main'],
      ['map', 'src/calls/chain.ts'],
      ['inspect', 'src/calls/chain.ts::2::17'],
      ['calls', 'main', '--direction', 'out', '--depth', '3'],
      ['impact', 'evaluate', '--depth', '3'],
      ['impl', 'Shape'],
      ['type', 'evaluate'],
      ['deps', 'src/index.ts', '--direction', 'both'],
      ['deps', '--orphans'],
      ['diagnostics'],
      ['overview'],
      ['status'],
    ];
    for (const args of commands) {
      const result = await cn([...args, '--root', root]);
      expect(result.exitCode, `${args.join(' ')}: ${result.stderr}`).toBeLessThanOrEqual(1);
    }
    const during = snapshot(root);
    const added = [...during.keys()].filter((file) => !before.has(file));
    expect(added).toEqual([PORT_FILE]);
    for (const [file, signature] of before) expect(during.get(file), file).toBe(signature);

    expect((await cn(['stop', '--root', root])).exitCode).toBe(0);
    expect(snapshot(root)).toEqual(before);
  });
});
