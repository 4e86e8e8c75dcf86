import type { StatusResponse } from '@cn/core';
import { findRunningDaemon, httpCall, isProcessAlive, sleep } from '@cn/client';
import { daemonRequest } from '@cn/client';
import { CnError } from '@cn/core';
import { EXIT } from '../exit-codes.js';
import { statusText } from '../format/text.js';
import { render, type CommandHost, type Context, type Outcome } from '../run.js';

const STOP_WAIT_MS = 10_000;

export function registerLifecycle({ cli, run }: CommandHost): void {
  cli.command('start', 'Start the daemon for the root and wait until the project is loaded').example('cn start --root ~/code/app').action(() => run(start));
  cli.command('stop', 'Stop the daemon for the root (exit 0 when none runs)').example('cn stop').action(() => run(stop));
  cli.command('status', 'Is a daemon running for the root? pid, port, versions, state (exit 1 when none runs)').example('cn status --format text').action(() => run(status));
}

async function start(context: Context): Promise<Outcome> {
  return render(context, await daemonRequest<StatusResponse>(context, 'GET', '/ready'), statusText);
}

async function status(context: Context): Promise<Outcome> {
  const running = await findRunningDaemon(context.root);
  if (!running) return render(context, { running: false as const, root: context.root }, statusText, EXIT.nothingFound);
  return render(context, await httpCall<StatusResponse>(running, 'GET', '/status', undefined, context.timeoutMs), statusText);
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
