import type { PortFile, UnresponsiveStatus } from '@cn/protocol';
import {
  checkEngine,
  connectOrStart,
  endpointCall,
  findRunningDaemon,
  forceStop,
  probeDaemon,
  requestedEngine,
  waitForExit,
  type DaemonSettings,
} from '@cn/client';
import { badInput, CnError, DAEMON_SETTINGS, daemonSetting, escapeControls, jsonText, type EngineMode } from '@cn/core';
import { EXIT } from '../exit-codes.js';
import { printAnswer } from '../format/output.js';
import { type CommandHost, type Context, type Outcome } from '../run.js';

const STOP_WAIT_MS = 10_000;
/**
 * How long status and stop wait for a daemon's /status before calling it "not responding" (or less,
 * with a smaller --timeout). /status never waits on the language server, so this is generous.
 */
const RESPONSE_WAIT_MS = 5_000;

export function registerLifecycle({ cli, run }: CommandHost): void {
  cli
    .command('start', 'Start the daemon for the root and wait until the project is loaded')
    .option(
      '--idle-minutes <n>',
      `Stop after n minutes without requests (default 30, 0 = never, at most ${DAEMON_SETTINGS.idleMinutes.max}; env CN_IDLE_MINUTES)`,
    )
    .option(
      '--max-ts-memory <mb>',
      `Memory ceiling of the engine in MB (${DAEMON_SETTINGS.maxTsServerMemory.min} to ${DAEMON_SETTINGS.maxTsServerMemory.max}; env CN_MAX_TS_MEMORY): tsserver restarts at it, native collects harder`,
    )
    .option(
      '--engine <engine>',
      'auto (default: native unless the project needs tsserver), native (TypeScript 7) or tsserver (env CN_ENGINE)',
    )
    .option(
      '--trust-project',
      'Run the project’s own node_modules/typescript and the tsserver plugins its tsconfig lists (env CN_TRUST_PROJECT=1); without it cn runs only the TypeScript it ships',
    )
    .example('cn start --root examples/shop')
    .example('cn start --idle-minutes 120 --max-ts-memory 8192')
    .example('cn start --engine tsserver')
    .action((options: { idleMinutes?: unknown; maxTsMemory?: unknown; engine?: unknown; trustProject?: unknown }) =>
      run((context) =>
        start(context, {
          // From the flags only: the environment's are the daemon's to read, and checked before it starts.
          idleMinutes: daemonSetting('idleMinutes', options.idleMinutes, {}),
          maxTsServerMemory: daemonSetting('maxTsServerMemory', options.maxTsMemory, {}),
          engine: engineOption(options.engine),
          ...(options.trustProject === true ? { trustProject: true } : {}),
        }),
      ),
    );
  cli
    .command('stop', 'Stop the daemon for the root (exit 0 when none runs)')
    .example('cn stop')
    .action(() => run(stop));
  cli
    .command(
      'status',
      'Is a daemon running for the root? pid, port, versions, state (exit 1 when none runs, 3 when it does not respond)',
    )
    .example('cn status --format text')
    .action(() => run(status));
}

/** `--engine` as given, else CN_ENGINE's. */
function engineOption(value: unknown): EngineMode {
  if (value === undefined) return requestedEngine();
  if (value === 'auto' || value === 'native' || value === 'tsserver') return value;
  throw badInput(
    `--engine must be auto, native or tsserver, not '${(typeof value === 'string' ? value : JSON.stringify(value)).slice(0, 40)}'`,
  );
}

async function start(context: Context, settings: DaemonSettings): Promise<Outcome> {
  const alreadyRunning = await findRunningDaemon(context.root);
  if (alreadyRunning) checkEngine(alreadyRunning, settings.engine);
  if (
    alreadyRunning &&
    (settings.idleMinutes !== undefined || settings.maxTsServerMemory !== undefined || settings.trustProject)
  ) {
    process.stderr.write(
      'cn: a daemon is already running with its own settings; run cn stop first to apply new ones\n',
    );
  }
  const ended = context.watch?.();
  try {
    const endpoint = alreadyRunning ?? (await connectOrStart(context.root, settings));
    const ready = await endpointCall(endpoint, context.timeoutMs, 'ready', undefined);
    return printAnswer(context, 'status', ready, { exitCode: EXIT.ok });
  } finally {
    ended?.();
  }
}

async function status(context: Context): Promise<Outcome> {
  const probe = await probeDaemon(context.root, Math.min(context.timeoutMs, RESPONSE_WAIT_MS));
  if (probe.state === 'running') return printAnswer(context, 'status', probe.status, { exitCode: EXIT.ok });
  if (probe.state === 'none')
    return printAnswer(context, 'status', { running: false, root: context.root }, { exitCode: EXIT.nothingFound });
  const { pid, port } = probe.portFile;
  const unresponsive: UnresponsiveStatus = { running: true, responding: false, pid, port, root: context.root };
  return printAnswer(context, 'status', unresponsive, { exitCode: EXIT.unavailable });
}

/** An answering daemon is asked to shut down; one that does not answer, or does not go, is ended (forceStop). */
async function stop(context: Context): Promise<Outcome> {
  const probe = await probeDaemon(context.root, Math.min(context.timeoutMs, RESPONSE_WAIT_MS));
  if (probe.state === 'none')
    return stopped(
      context,
      { stopped: false, running: false, root: context.root },
      `not running  (root ${context.root})`,
    );
  const { pid } = probe.portFile;
  const forced = !(probe.state === 'running' && (await askToShutDown(probe.portFile, context.timeoutMs)));
  if (forced && !(await forceStop(pid)))
    throw new CnError('unavailable', `daemon pid ${pid} did not exit, even after SIGKILL`, `kill -9 ${pid}`);
  return stopped(
    context,
    { stopped: true, pid, root: context.root, ...(forced ? { forced: true } : {}) },
    forced ? `stopped  (pid ${pid}; it did not respond and was killed)` : `stopped  (pid ${pid})`,
  );
}

/** `cn stop` prints json or one line of text (its scope offers no other format). */
function stopped(context: Context, answer: object, said: string): Outcome {
  return {
    output: context.format === 'json' ? jsonText(answer) : `cn daemon  ${escapeControls(said)}`,
    exitCode: EXIT.ok,
  };
}

/** True when the daemon accepted /shutdown and its process is gone, so a following `cn start` cannot meet it. */
async function askToShutDown(portFile: PortFile, timeoutMs: number): Promise<boolean> {
  try {
    await endpointCall(portFile, timeoutMs, 'shutdown', undefined);
  } catch {
    return false;
  }
  return waitForExit(portFile.pid, STOP_WAIT_MS);
}
