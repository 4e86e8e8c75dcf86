import { statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, PORT_FILE, cleanUp, cn, copyProject, isAlive, json, readPortFile, waitFor } from '../helpers/cn.js';
import { languageServerOf, tsserverOf } from '../helpers/processes.js';

describe('cn end to end on the shop example', () => {
  let root: string;
  beforeAll(() => {
    root = copyProject('examples/shop');
  });
  afterAll(() => cleanUp(root));

  it('starts a daemon lazily on the first query and finds the class with every reference', async () => {
    expect(readPortFile(root)).toBeUndefined();
    const result = await cn(['find', 'User'], { cwd: path.join(root, 'src') });
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    const answer = json(result);
    expect(answer.definition).toMatchObject({
      id: 'src/domain/user.ts::6::14',
      name: 'User',
      kind: 'Class',
      preview: 'export class User {',
    });
    const files = new Set(answer.references.map((ref: { filePath: string }) => ref.filePath));
    expect([...files].sort()).toEqual([
      'src/api/routes.ts',
      'src/domain/index.ts',
      'src/domain/user.ts',
      'src/services/checkout.ts',
      'src/services/user-repository.ts',
    ]);
    expect(answer.references).toContainEqual({
      id: 'src/domain/user.ts::6::14',
      filePath: 'src/domain/user.ts',
      line: 6,
      character: 14,
      role: 'declaration',
      in: { name: '<module>', kind: 'Module', id: 'src/domain/user.ts' },
      preview: 'export class User {',
    });
    expect(answer.totalReferences).toBe(answer.references.length);

    const portFile = readPortFile(root)!;
    expect(portFile.root).toBe(root);
    expect(isAlive(portFile.pid)).toBe(true);
    expect(statSync(path.join(root, PORT_FILE)).mode & 0o777).toBe(0o600);
  });

  it('maps a file in document order with containers', async () => {
    const answer = json(await cn(['map', 'src/domain/user.ts', '--root', root]));
    expect(answer.filePath).toBe('src/domain/user.ts');
    const names = answer.symbols.map(
      (s: { name: string; kind: string; container?: string }) => `${s.kind}:${s.name}:${s.container ?? ''}`,
    );
    expect(names).toEqual(expect.arrayContaining(['Class:User:', 'Method:placeOrder:User', 'Function:isStaff:']));
    const user = answer.symbols.find((s: { name: string }) => s.name === 'User');
    expect(user).toMatchObject({ id: 'src/domain/user.ts::6::14', line: 6, endLine: 30 });
    const lines = answer.symbols.map((s: { line: number }) => s.line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });

  it('inspects a method block, closing brace included, with related symbols', async () => {
    const map = json(await cn(['map', 'src/domain/user.ts', '--root', root]));
    const placeOrder = map.symbols.find((s: { name: string }) => s.name === 'placeOrder');
    const answer = json(await cn(['inspect', placeOrder.id, '--root', root]));
    expect(answer.result.range).toEqual({ startLine: placeOrder.line, endLine: placeOrder.endLine });
    expect(answer.result.code.split('\n')[0]).toContain('placeOrder(orderId: string, total: Money): void {');
    expect(answer.result.code.trimEnd().endsWith('}')).toBe(true);
    expect(answer.result.relatedSymbols).toEqual(['Money', 'Error']);
  });

  it('accepts rg-style ids relative to the working directory', async () => {
    const answer = json(
      await cn(['inspect', 'user.ts:21', '--expand', 'surround', '--context', '1'], {
        cwd: path.join(root, 'src/domain'),
      }),
    );
    expect(answer.result).toMatchObject({
      filePath: 'src/domain/user.ts',
      range: { startLine: 20, endLine: 22 },
      expand: 'surround',
    });
  });

  it('re-asks find at an exact id', async () => {
    const answer = json(await cn(['find', 'src/api/routes.ts::9::20', '--root', root]));
    expect(answer.definition).toMatchObject({ filePath: 'src/domain/user.ts', line: 6, name: 'User', kind: 'Class' });
  });

  it('prints text for people', async () => {
    const result = await cn(['find', 'isStaff', '--root', root, '--format', 'text']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^definition {2}Function isStaff {2}src\/domain\/user\.ts:32:17/);
    expect(result.stdout).toMatch(/references {2}\d+ in \d+ files/);
  });

  it('status counts the memory of the whole daemon tree, per process: the daemon and the engine', async () => {
    const status = json(await cn(['status', '--root', root]));
    const byName = new Map(status.processes.map((entry: any) => [entry.name, entry]));
    expect(status.processes[0]).toEqual({ pid: status.pid, name: 'daemon', rssBytes: expect.any(Number) });
    if (ENGINE === 'native') {
      expect(byName.get('native TypeScript server')).toMatchObject({ pid: languageServerOf(status.pid) });
    } else {
      expect(byName.get('typescript-language-server')).toMatchObject({ pid: languageServerOf(status.pid) });
      expect(byName.get('tsserver')).toMatchObject({ pid: tsserverOf(status.pid) });
    }
    for (const entry of status.processes) expect(entry.rssBytes).toBeGreaterThan(1024 * 1024);
    expect(status.treeRssBytes).toBe(status.processes.reduce((sum: number, entry: any) => sum + entry.rssBytes, 0));

    const text = (await cn(['status', '--root', root, '--format', 'text'])).stdout;
    expect(text).toMatch(/^memory {6}[\d,]+ MB in \d+ processes$/m);
    expect(text).toMatch(new RegExp(`^ {14}daemon \\(pid ${status.pid}\\) +[\\d,]+ MB$`, 'm'));
    const engineProcess = ENGINE === 'native' ? 'native TypeScript server' : 'tsserver';
    expect(text).toMatch(new RegExp(`^ {14}${engineProcess} \\(pid \\d+\\) +[\\d,]+ MB$`, 'm'));
  });

  it('reports status with versions, then stops cleanly', async () => {
    const status = json(await cn(['status', '--root', root]));
    expect(status).toMatchObject({ running: true, root, state: 'ready', typescriptSource: 'bundled' });
    // TLS 5.3 with tsserver 5.9, or TypeScript 7 serving itself.
    expect(status).toMatchObject({ engine: ENGINE, engineMode: ENGINE });
    expect(status.serverVersion).toMatch(ENGINE === 'native' ? /^7\.0\./ : /^5\.3\./);
    expect(status.typescriptVersion).toMatch(ENGINE === 'native' ? /^7\.0\./ : /^5\.9\./);

    const stop = await cn(['stop', '--root', root]);
    expect(stop.exitCode).toBe(0);
    expect(isAlive(status.pid)).toBe(false);
    expect(readPortFile(root)).toBeUndefined();

    const again = await cn(['stop', '--root', root]);
    expect(again.exitCode).toBe(0);
    expect(json(again)).toMatchObject({ stopped: false, running: false });
    const none = await cn(['status', '--root', root]);
    expect(none.exitCode).toBe(1);
    expect(json(none)).toEqual({ running: false, root });
  });

  it('replaces a stale port file left by a dead daemon', async () => {
    writeFileSync(
      path.join(root, PORT_FILE),
      JSON.stringify({
        pid: 999_999,
        port: 1,
        host: '127.0.0.1',
        root,
        token: 'stale',
        version: '0',
        startedAt: '',
        logFile: '',
      }),
    );
    const result = await cn(['find', 'Checkout', '--root', root]);
    expect(result.exitCode).toBe(0);
    expect(json(result).definition).toMatchObject({ name: 'Checkout', kind: 'Class' });
    const portFile = readPortFile(root)!;
    expect(portFile.pid).not.toBe(999_999);
    expect(await waitFor(() => isAlive(portFile.pid))).toBe(true);
  });
});
