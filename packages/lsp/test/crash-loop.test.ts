import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EngineAdapter } from '../src/engine-adapter.js';
import { startTypeScriptEngine, type EngineChoice, type TypeScriptEngine } from '../src/index.js';
import { nativeAdapter } from '../src/native-adapter.js';
import { locateNative } from '../src/native-installation.js';
import { locateTsserver, tsserverAdapter } from '../src/tsserver-adapter.js';
import { ENGINE, fixture, LONG } from './helpers.js';

/**
 * A native engine whose server panics on the first document it opens, every time (the stub is a real process that
 * initializes, then prints a typescript-go panic and exits, as typescript-go 7.0.2 did on vitest: issue 24).
 */
function crashingNative(): EngineAdapter {
  const stub = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stubs', 'crashing-server.mjs');
  return { ...nativeAdapter(locateNative()), launch: () => ({ command: process.execPath, args: [stub], env: {} }) };
}

/** A native engine whose server dies on its first references request, its death heard of a second late. */
function lateDyingNative(marker: string): EngineAdapter {
  const stub = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stubs', 'late-death-server.mjs');
  return {
    ...nativeAdapter(locateNative()),
    launch: () => ({ command: process.execPath, args: [stub, marker], env: {} }),
  };
}

const root = fixture('ts-multi');
const logDirectory = () => mkdtempSync(path.join(os.tmpdir(), 'cn-lsp-logs-'));

// The engines are chosen here, not by CN_ENGINE: run once.
describe.runIf(ENGINE === 'native')('an engine that keeps crashing on a project', { timeout: LONG }, () => {
  let engine: TypeScriptEngine | undefined;
  afterEach(() => engine?.dispose());

  it('hands the whole root over to the other engine in auto mode, and says so in status', async () => {
    const choice: EngineChoice = {
      adapter: crashingNative(),
      mode: 'auto',
      reason: 'no tsconfig/jsconfig needs tsserver',
      trustProject: false,
      fallback: () => tsserverAdapter(locateTsserver(root)),
    };
    const changes: string[] = [];
    engine = await startTypeScriptEngine({
      root,
      engine: choice,
      logDirectory: logDirectory(),
      onEngineChange: (name) => changes.push(name),
    });
    await engine.whenReady();
    const status = engine.status();
    expect(status).toMatchObject({
      state: 'ready',
      engine: 'tsserver',
      engineMode: 'auto',
      engineReason: 'no tsconfig/jsconfig needs tsserver',
      projects: ['app/tsconfig.json', 'lib/tsconfig.json'],
    });
    expect(status.engineFallback).toEqual({
      from: 'native',
      reason:
        'the native engine crashed 6 times within a minute; the last time: the native TypeScript server crashed: ' +
        'panic: runtime error: invalid memory address or nil pointer dereference [recovered, repanicked]',
    });
    expect(changes).toEqual(['tsserver']);
    const hits = (await engine.searchSymbols('User')).hits;
    expect(hits.some((hit) => hit.name === 'User')).toBe(true);
  });

  it('fails with the panic and the other engine as the hint when that engine was asked for', async () => {
    engine = await startTypeScriptEngine({
      root,
      engine: { adapter: crashingNative(), mode: 'native', trustProject: false },
      logDirectory: logDirectory(),
    });
    // Every question asked meanwhile waits for the next start, until the sixth crash in a minute ends them.
    const failure = await engine.whenReady().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({
      kind: 'engine-failure',
      message:
        'the native engine crashed 6 times within a minute; the last time: the native TypeScript server crashed: ' +
        'panic: runtime error: invalid memory address or nil pointer dereference [recovered, repanicked]',
      hint: 'the tsserver engine may load this project: cn stop, then cn start --engine tsserver (or CN_ENGINE=tsserver); cn status shows the state',
    });
    expect(engine.status()).toMatchObject({ state: 'failed', engine: 'native', restarts: 5 });
    expect(engine.status().engineFallback).toBeUndefined();
    // A question after the failure says the same, at once.
    await vi.waitFor(() => expect(engine!.searchSymbols('User')).rejects.toMatchObject({ kind: 'engine-failure' }));
    await expect(engine.searchSymbols('User')).rejects.toThrow(/^the native engine crashed 6 times within a minute/);
  });

  it('makes a question asked after the server died, before its death is settled, wait for the restarted server', async () => {
    const marker = path.join(logDirectory(), 'first-instance');
    engine = await startTypeScriptEngine({
      root,
      engine: { adapter: lateDyingNative(marker), mode: 'native', trustProject: false },
      logDirectory: logDirectory(),
    });
    await engine.whenReady();
    const userFile = path.join(root, 'lib', 'user.ts');
    await expect(engine.references(userFile, { line: 2, character: 14 }, true)).rejects.toMatchObject({
      kind: 'engine-failure',
      message: expect.stringMatching(/connection closed|process exited/),
    });
    // The dead server's stderr is still open (its orphan holds it): its life has not heard of the death yet.
    expect(engine.status()).toMatchObject({ state: 'ready', restarts: 0 });
    await expect(engine.references(userFile, { line: 2, character: 14 }, true)).resolves.toEqual([]);
    expect(engine.status()).toMatchObject({ state: 'ready', restarts: 1 });
  });

  it('reloads the language server, and answers, when handing it created or deleted files fails', async () => {
    // tsserver's reloadProjects failed with "Debug Failure" while files were deleted under it: the question asked then
    // failed (exit 4). A fresh session reads the file set as it is now.
    const copy = mkdtempSync(path.join(os.tmpdir(), 'cn-apply-fails-'));
    cpSync(root, copy, { recursive: true });
    let failures = 0;
    const adapter: EngineAdapter = {
      ...nativeAdapter(locateNative()),
      applyFileChanges: async () => {
        failures++;
        throw new Error('TypeScript Server Error (5.9.3): Debug Failure.');
      },
    };
    const lines: string[] = [];
    engine = await startTypeScriptEngine({
      root: copy,
      engine: { adapter, mode: 'native', trustProject: false },
      logDirectory: logDirectory(),
      onLog: (line) => lines.push(line),
    });
    await engine.whenReady();
    writeFileSync(path.join(copy, 'lib', 'added.ts'), 'export const added = 1;\n');
    const outline = await engine.outline(path.join(copy, 'lib', 'user.ts'));
    expect(outline.map((node) => node.name)).toContain('User');
    expect(failures).toBe(1);
    expect(
      lines.some((line) =>
        /handing it the files created or deleted failed \(TypeScript Server Error \(5\.9\.3\): Debug Failure\.\): reloading/.test(
          line,
        ),
      ),
    ).toBe(true);
    // The new session loaded the new file.
    expect((await engine.outline(path.join(copy, 'lib', 'added.ts'))).map((node) => node.name)).toEqual(['added']);
  });
});
