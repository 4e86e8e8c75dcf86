import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EngineAdapter } from '../src/engine-adapter.js';
import { startTypeScriptEngine, type TypeScriptEngine } from '../src/index.js';
import { nativeAdapter } from '../src/native-adapter.js';
import { locateNative } from '../src/native-installation.js';
import { ENGINE, fixture, LONG } from './helpers.js';

const root = fixture('ts-multi');

/**
 * The native server builds a project only when a request needs it. A cold start used to ask only once the configs
 * were read (a `tsc --showConfig` each) and the daemon had loaded its HTTP server: the server sat idle for most of its
 * handshake-to-ready time. The guessed anchors' projects are asked for right after the handshake, and the daemon told
 * then (onceLoading), before the configs are read.
 */
describe.runIf(ENGINE === 'native')('the start of a native engine', { timeout: LONG }, () => {
  let engine: TypeScriptEngine | undefined;
  afterEach(() => engine?.dispose());

  it('asks for the guessed projects and tells the daemon before the configs are read', async () => {
    const native = nativeAdapter(locateNative());
    let readConfigs!: () => void;
    const configsMayBeRead = new Promise<void>((resolve) => (readConfigs = resolve));
    const asked: string[] = [];
    const adapter: EngineAdapter = {
      ...native,
      discover: async (...args) => {
        await configsMayBeRead;
        return native.discover(...args);
      },
      loadProject: (session, anchor, timeoutMs) => {
        asked.push(path.relative(root, anchor));
        return native.loadProject(session, anchor, timeoutMs);
      },
    };
    const told: string[] = [];
    engine = await startTypeScriptEngine({
      root,
      engine: { adapter, mode: 'native', trustProject: false },
      logDirectory: mkdtempSync(path.join(os.tmpdir(), 'cn-lsp-logs-')),
      onceLoading: () => told.push(`loading, ${asked.length} asked`),
      whileProjectsLoad: () => told.push('configs read'),
    });
    await vi.waitFor(() => expect(told).toEqual([expect.stringMatching(/^loading/)]), { timeout: 20_000 });
    // ts-multi's two projects, one guessed anchor each.
    expect(asked).toHaveLength(2);
    expect(told).toEqual(['loading, 2 asked']);
    readConfigs();
    await engine.whenReady();
    expect(told).toEqual(['loading, 2 asked', 'configs read']);
  });
});
