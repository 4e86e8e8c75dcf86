import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive } from '../../../packages/local-files/dist/process-tree.js';
import { ENGINE, cleanUp, cn, copyProject, json, waitFor } from '../../helpers/cn.js';
import { descendants } from '../../helpers/processes.js';

describe('a daemon that no longer answers (SIGSTOP)', () => {
  let root: string;
  let daemon = 0;
  afterEach(async () => {
    if (daemon && isAlive(daemon)) process.kill(daemon, 'SIGCONT');
    await cleanUp(root);
  });

  it('cn status says "not responding" with its pid (exit 3); cn stop kills it and its children; then not running', async () => {
    root = copyProject('examples/shop');
    const started = await cn(['start', '--root', root]);
    expect(started.exitCode).toBe(0);
    daemon = json(started).pid;
    const children = descendants(daemon);
    expect(children.length).toBeGreaterThanOrEqual(ENGINE === 'native' ? 1 : 2);
    process.kill(daemon, 'SIGSTOP');

    const status = await cn(['status', '--root', root]);
    expect(status.exitCode).toBe(3);
    expect(json(status)).toMatchObject({ running: true, responding: false, pid: daemon });
    const text = await cn(['status', '--root', root, '--format', 'text']);
    expect(text.stdout).toMatch(new RegExp(`not responding.*pid ${daemon}`));
    // A question does not wait --timeout on it (it used to wait the whole 30 s, then exit 4): the daemon did not
    // prove itself within a few seconds, and its process, still the one its record names, is stopped.
    const asked = await cn(['find', 'User', '--root', root, '--timeout', '30000']);
    expect(asked.stderr).toBe(
      `cn: the daemon for ${root} (pid ${daemon}) is stopped and does not respond (cn stop --root ${root} ends it)\n`,
    );
    expect(asked.exitCode).toBe(3);

    const stopped = await cn(['stop', '--root', root]);
    expect(stopped.stderr).toBe('');
    expect(stopped.exitCode).toBe(0);
    expect(json(stopped)).toMatchObject({ stopped: true, pid: daemon, forced: true });
    expect(isAlive(daemon)).toBe(false);
    // The language server and tsserver go with it (isAlive counts a zombie as gone: it runs nothing).
    expect(await waitFor(() => children.every((pid) => !isAlive(pid)))).toBe(true);

    const after = await cn(['status', '--root', root]);
    expect(after.exitCode).toBe(1);
    expect(json(after)).toMatchObject({ running: false });
  });
});

describe('a daemon whose event loop hangs (it cannot even run its SIGTERM handler)', () => {
  let root: string;
  let children: number[] = [];
  afterEach(async () => {
    for (const child of children) if (isAlive(child)) process.kill(child, 'SIGKILL');
    await cleanUp(root);
  });

  it('cn stop escalates to SIGKILL for the daemon and every process it started', async () => {
    root = copyProject('examples/shop');
    // Preloaded into the daemon (and this cn call, harmlessly): spins forever once the file appears, after saying
    // so in a file named by its pid. The test waits for that file: on a busy machine the 50 ms check can come after
    // the next cn status has been answered (CI, Node 24: the status said the daemon responded).
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'cn-hang-'));
    const trigger = path.join(scratch, 'hang-now');
    const preload = path.join(scratch, 'hang.cjs');
    writeFileSync(
      preload,
      `const fs = require('node:fs');\n` +
        `setInterval(() => { if (fs.existsSync(${JSON.stringify(trigger)})) { ` +
        `fs.writeFileSync(${JSON.stringify(scratch)} + '/hanging-' + process.pid, ''); for (;;); } }, 50).unref();\n`,
    );
    const started = await cn(['start', '--root', root], { env: { NODE_OPTIONS: `--require ${preload}` } });
    expect(started.exitCode).toBe(0);
    const daemon = json(started).pid;
    children = descendants(daemon);
    expect(children.length).toBeGreaterThanOrEqual(ENGINE === 'native' ? 1 : 2);
    // Frozen, the language server and tsserver cannot leave by themselves when the daemon dies: only cn stop ends them.
    for (const child of children) process.kill(child, 'SIGSTOP');
    writeFileSync(trigger, '');
    expect(await waitFor(() => existsSync(path.join(scratch, `hanging-${daemon}`)))).toBe(true);

    expect(json(await cn(['status', '--root', root]))).toMatchObject({ running: true, responding: false, pid: daemon });
    const stopped = await cn(['stop', '--root', root, '--format', 'text']);
    expect(stopped.exitCode).toBe(0);
    expect(stopped.stdout).toBe(`cn daemon  stopped  (pid ${daemon}; it did not respond and was killed)\n`);
    expect(isAlive(daemon)).toBe(false);
    expect(await waitFor(() => children.every((pid) => !isAlive(pid)))).toBe(true);
  });
});
