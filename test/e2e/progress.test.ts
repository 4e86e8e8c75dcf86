import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureStateDirectory, stateDirectory } from '@cn/local-files';
import { CN_BIN, cleanUp, cn, json } from '../helpers/cn.js';

/**
 * A cold start on a terminal says what it is doing on stderr (one line rewritten in place, erased before
 * the answer); piped — an agent's tool call, CI — or with --quiet it prints nothing. A real pseudo-terminal
 * comes from util-linux `script`. The line appears only after a second of waiting, and no project size makes a
 * start reliably slower than that (CI's native engine loaded 2,000 files within it), so the first test holds the
 * start lock itself for a few seconds, as another cn starting the daemon would: the wait is then certain.
 */
const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function generatedProject(files: number): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'cn-progress-'));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'tsconfig.json'), '{ "compilerOptions": { "strict": true }, "include": ["src"] }\n');
  for (let i = 1; i <= files; i++)
    writeFileSync(
      path.join(root, 'src', `m${i}.ts`),
      `export function f${i}(x: number): number { return x + ${i}; }\n`,
    );
  return root;
}

/**
 * cn in a pseudo-terminal: stdout and stderr arrive merged, as a person at the terminal sees them. `anyExit`: an
 * exit code other than 0 is an answer too (diagnostics finding none is 1).
 */
function cnOnTerminal(args: string[], { anyExit = false } = {}): Promise<string> {
  const command =
    [process.execPath, CN_BIN, ...args].map((part) => `'${part}'`).join(' ') + (anyExit ? ' || true' : '');
  return new Promise((resolve, reject) => {
    execFile(
      'script',
      ['-qec', command, '/dev/null'],
      { env: { ...process.env, CN_IDLE_MINUTES: '10' }, maxBuffer: 16 << 20 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });
}

const ERASE = '\r\x1b[K';
const root = generatedProject(2000);
/** 400 files: four pages of diagnostics. */
const diagnosticsRoot = generatedProject(400);
afterAll(async () => {
  await cleanUp(root);
  await cleanUp(diagnosticsRoot);
});

describe.runIf(hasScript)('cold-start progress', () => {
  it('on a terminal: what it waits for, rewritten in place, erased before the answer', async () => {
    // The lock names this live test process, so cn waits for it rather than clearing it as stale.
    const stateDir = stateDirectory(root);
    ensureStateDirectory(stateDir);
    const lockPath = path.join(stateDir, 'start.lock');
    writeFileSync(lockPath, String(process.pid), { flag: 'wx', mode: 0o600 });
    const released = setTimeout(() => rmSync(lockPath, { force: true }), 3000);
    const output = await cnOnTerminal(['find', 'f1', '--no-refs', '--root', root]).finally(() =>
      clearTimeout(released),
    );
    expect(output).toMatch(/starting the cn daemon … [1-9] s/);
    // An erase right after another (one wait ended, the next began) leaves nothing to see: no line.
    const lines = output
      .split(ERASE)
      .slice(1, -1)
      .filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(line).toMatch(
        /^(starting the cn daemon|starting the language server|finding tsconfig\/jsconfig projects|loading projects \d+\/\d+)( \([\d,]+ source files\))? … \d+ s$/,
      );
    expect(output).not.toMatch(/cn:/);
    // The answer follows the erase, alone on its line.
    const answer = output.split(ERASE).at(-1)!;
    expect(JSON.parse(answer.trim()).definition).toMatchObject({ name: 'f1', filePath: 'src/m1.ts' });
  }, 300_000);

  it('--quiet on a terminal, or stderr piped (an agent, CI), prints no progress', async () => {
    await cn(['stop', '--root', root]);
    const quiet = await cnOnTerminal(['find', 'f2', '--no-refs', '--root', root, '--quiet']);
    expect(quiet).not.toContain(ERASE);
    expect(JSON.parse(quiet.trim()).definition.name).toBe('f2');

    await cn(['stop', '--root', root]);
    const piped = await cn(['find', 'f3', '--no-refs', '--root', root]);
    expect(piped.stderr).toBe('');
    expect(json(piped).definition.name).toBe('f3');
  }, 300_000);

  it('cn diagnostics over the project (4 pages): piped, nothing on stderr; on a terminal, only a line in place (issue 24, item 12)', async () => {
    const piped = await cn(['diagnostics', '--root', diagnosticsRoot]);
    expect(piped).toMatchObject({ exitCode: 1, stderr: '' });
    const output = await cnOnTerminal(['diagnostics', '--root', diagnosticsRoot], { anyExit: true });
    expect(output).not.toMatch(/cn:/);
    for (const line of output
      .split(ERASE)
      .slice(1, -1)
      .filter((text) => text !== ''))
      expect(line).toMatch(/^(diagnostics: \d+\/400 files checked, 0 found so far|.* … \d+ s)$/);
    expect(JSON.parse(output.split(ERASE).at(-1)!.trim())).toMatchObject({ filesChecked: 400, totalFiles: 400 });
  }, 300_000);
});
