import type { StatusResponse } from '@cn/core';
import { connectOrStart, findRunningDaemon, httpCall, isProcessAlive, runningDaemonStatus, sleep, type DaemonSettings } from '@cn/client';
import { CnError } from '@cn/core';
import { EXIT } from '../exit-codes.js';
import { statusText } from '../format/text.js';
import { render, wholeNumber, type CommandHost, type Context, type Outcome } from '../run.js';

const STOP_WAIT_MS = 10_000;

export function registerLifecycle({ cli, run }: CommandHost): void {
  cli
    .command('start', 'Start the daemon for the root and wait until the project is loaded')
    .option('--idle-minutes <n>', `Stop after n minutes without requests (default 30, 0 = never; env CN_IDLE_MINUTES)`)
    .option('--max-ts-memory <mb>', 'Memory ceiling of tsserver in MB (env CN_MAX_TS_MEMORY); hitting it restarts tsserver')
    .example('cn start --root ~/code/app')
    .example('cn start --idle-minutes 120 --max-ts-memory 8192')
    .action((options: { idleMinutes?: unknown; maxTsMemory?: unknown }) =>
      run((context) =>
        start(context, { idleMinutes: wholeNumber(options.idleMinutes, '--idle-minutes', 0), maxTsServerMemory: wholeNumber(options.maxTsMemory, '--max-ts-memory', 64) }),
      ),
    );
  cli.command('stop', 'Stop the daemon for the root (exit 0 when none runs)').example('cn stop').action(() => run(stop));
  cli.command('status', 'Is a daemon running for the root? pid, port, versions, state (exit 1 when none runs)').example('cn status --format text').action(() => run(status));
}

async function start(context: Context, settings: DaemonSettings): Promise<Outcome> {
  const alreadyRunning = await findRunningDaemon(context.root);
  if (alreadyRunning && (settings.idleMinutes !== undefined || settings.maxTsServerMemory !== undefined)) {
    process.stderr.write('cn: a daemon is already running with its own settings; run cn stop first to apply new ones\n');
  }
  const endpoint = alreadyRunning ?? (await connectOrStart(context.root, settings));
  return render(context, await httpCall<StatusResponse>(endpoint, 'GET', '/ready', undefined, context.timeoutMs), statusText);
}

async function status(context: Context): Promise<Outcome> {
  const running = await runningDaemonStatus(context.root, context.timeoutMs);
  if (!running) return render(context, { running: false as const, root: context.root }, statusText, EXIT.nothingFound);
  return render(context, running.status, statusText);
}

async function stop(context: Context): Promise<Outcome> {
  const running = await findRunningDaemon(context.root);
  if (!running) {
    return render(context, { stopped: false, running: false, root: context.root }, () => `cn daemon  not running  (root ${context.root})`);
  }
  await httpCall(running, 'POST', '/shutdown', {}, context.timeoutMs);
  // Stopping is done when the process is gone, so a following `cn start` cannot meet the old one.
  const deadline = Date.now() + STOP_WAIT_MS;
  while (Date.now() < deadline && isProcessAlive(running.pid)) await sleep(50);
  if (isProcessAlive(running.pid)) throw new CnError('unavailable', `daemon pid ${running.pid} did not exit within ${STOP_WAIT_MS / 1000} s`, `kill ${running.pid}`);
  return render(context, { stopped: true, pid: running.pid, root: context.root }, () => `cn daemon  stopped  (pid ${running.pid})`);
}
