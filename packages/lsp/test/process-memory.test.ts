import { spawn } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { processName, treeMemory } from '../src/process-memory.js';

describe('processName', () => {
  it.each([
    ['node /x/node_modules/typescript-language-server/lib/cli.mjs --stdio', 'typescript-language-server'],
    [
      'node /x/node_modules/typescript/lib/tsserver.js --serverMode semantic --useInferredProjectPerProjectRoot',
      'tsserver',
    ],
    ['node /x/node_modules/typescript/lib/tsserver.js --serverMode partialSemantic', 'tsserver (syntax)'],
    // A TypeScript nested under the language server's directory is still tsserver.
    ['node /x/typescript-language-server/node_modules/typescript/lib/tsserver.js', 'tsserver'],
    ['node /x/typescript/lib/typingsInstaller.js --globalTypingsCacheLocation /c', 'typings installer'],
    ['/usr/bin/node /x/dist/discovery-worker.cjs', 'project discovery'],
    ['/x/node_modules/@typescript/typescript-linux-x64/lib/tsc --lsp --stdio', 'native TypeScript server'],
    ['/usr/bin/node --max-old-space-size=4096 /opt/tools/helper.js --flag', 'helper.js'],
  ])('%s → %s', (command, name) => {
    expect(processName({ command })).toBe(name);
  });
});

describe('treeMemory', () => {
  it('names the root as told and counts each live child with its resident memory', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('spawn', resolve));
    try {
      const tree = treeMemory(process.pid, 'daemon')!;
      expect(tree[0]).toEqual({ pid: process.pid, name: 'daemon', rssBytes: expect.any(Number) });
      expect(tree[0].rssBytes).toBeGreaterThan(10 * 1024 * 1024);
      // 'spawn' comes as the child execs node, which then needs a moment to map itself: the suite once read 16 KB.
      await vi.waitFor(
        () => {
          const entry = treeMemory(process.pid, 'daemon')!.find((member) => member.pid === child.pid);
          expect(entry?.rssBytes).toBeGreaterThan(1024 * 1024);
        },
        { timeout: 10_000 },
      );
    } finally {
      child.kill('SIGKILL');
    }
  });
});
