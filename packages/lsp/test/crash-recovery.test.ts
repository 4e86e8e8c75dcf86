import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bytesWritten, waitForRequestSent } from '../../../test/helpers/io-counters.js';
import { isAlive, listDescendants } from '@cn/local-files/process-tree';
import type { TypeScriptEngine } from '../src/index.js';
import { ENGINE, fixture, LONG, startEngine } from './helpers.js';

const root = fixture('ts-multi');
const userFile = path.join(root, 'lib', 'user.ts');
const ourProcesses = () => listDescendants(process.pid);
/** typescript-language-server, or the native server (`tsc --lsp --stdio`, one process with nothing behind it). */
const languageServerPid = () =>
  ourProcesses().find((entry) =>
    ENGINE === 'native'
      ? entry.command.includes('--lsp --stdio')
      : entry.command.includes('typescript-language-server'),
  )?.pid;
const tsserverPids = () =>
  ourProcesses()
    .filter((entry) => entry.command.includes('tsserver'))
    .map((entry) => entry.pid);

/** Waits for a condition with a deadline (a process that never exits fails the test instead of hanging it). */
async function waitUntil(condition: () => boolean, timeout = 15_000): Promise<void> {
  await vi.waitFor(() => expect(condition()).toBe(true), { timeout, interval: 50 });
}

describe('crash recovery and clean shutdown', { timeout: LONG }, () => {
  let engine: TypeScriptEngine;
  beforeAll(async () => {
    engine = await startEngine(root);
  }, LONG);
  afterAll(() => engine?.dispose());

  it('fails in-flight requests with engine-failure when the language server is killed, then restarts', async () => {
    const pid = languageServerPid();
    const oldTsservers = tsserverPids();
    expect(pid).toBeTypeOf('number');
    if (ENGINE === 'tsserver') expect(oldTsservers.length).toBeGreaterThan(0);
    else expect(oldTsservers).toEqual([]);
    // Asked once first: the file is open, so the next thing this process writes to the language server is the request
    // itself.
    await engine.references(userFile, { line: 2, character: 14 }, true);
    // Freeze the language server so the request is certainly in flight (sent, unanswered) when the kill lands.
    process.kill(pid!, 'SIGSTOP');
    const before = bytesWritten('self');
    const inFlight = engine.references(userFile, { line: 2, character: 14 }, true);
    const settled = inFlight.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await waitForRequestSent('self', before);
    process.kill(pid!, 'SIGKILL');
    const outcome = await settled;
    expect(outcome).toMatchObject({ kind: 'engine-failure' });
    expect((outcome as Error).message).not.toMatch(/did not answer/);

    const references = await engine.references(userFile, { line: 2, character: 14 }, true);
    expect(references).toHaveLength(13);
    const status = engine.status();
    expect(status).toMatchObject({ state: 'ready', restarts: 1, projects: ['app/tsconfig.json', 'lib/tsconfig.json'] });
    expect(status.lastError).toBeTruthy();
    expect(languageServerPid()).not.toBe(pid);
    // The tsserver of the killed language server was orphaned; the engine must have killed it too.
    await waitUntil(() => oldTsservers.every((tsserver) => !isAlive(tsserver)));
  });

  it.runIf(ENGINE === 'tsserver')('restarts when tsserver dies under a living language server', async () => {
    const before = engine.status().restarts;
    const [tsserver] = tsserverPids();
    expect(tsserver).toBeTypeOf('number');
    process.kill(tsserver, 'SIGKILL');
    await waitUntil(() => engine.status().restarts > before);
    await engine.whenReady();
    expect(engine.status().state).toBe('ready');
    const hits = (await engine.searchSymbols('User')).hits;
    expect(hits.some((hit) => hit.name === 'User' && hit.kind === 'Class')).toBe(true);
  });

  it('leaves no process behind on dispose', async () => {
    const children = ourProcesses().map((entry) => entry.pid);
    // typescript-language-server and its tsserver; the native server alone.
    expect(children.length).toBeGreaterThanOrEqual(ENGINE === 'native' ? 1 : 2);
    await engine.dispose();
    expect(children.filter(isAlive)).toEqual([]);
    expect(engine.status().state).toBe('stopped');
    await expect(engine.outline(userFile)).rejects.toMatchObject({ kind: 'engine-failure' });
  });
});

describe('request timeouts', { timeout: LONG }, () => {
  it('cancels and reports engine-failure when the server does not answer in time', async () => {
    const engine = await startEngine(root, { requestTimeoutMs: 500 });
    try {
      const pid = languageServerPid();
      process.kill(pid!, 'SIGSTOP');
      // A definition, not an outline: the background name index may have had the file's outline, kept by its stamp,
      // and an answer kept needs no server.
      const userClass = { line: 2, character: 14 };
      await expect(engine.definition(userFile, userClass)).rejects.toMatchObject({
        kind: 'engine-failure',
        message: expect.stringMatching(/did not answer textDocument\/definition within 500 ms/),
      });
      process.kill(pid!, 'SIGCONT');
      expect((await engine.definition(userFile, userClass)).map((place) => place.range.start.line)).toEqual([2]);
    } finally {
      await engine.dispose();
    }
  });
});
