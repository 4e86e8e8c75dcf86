// The process table comes from the daemon's own reader (packages/local-files), so tests and product agree
// on what a process tree is; this file only names the processes tests look for.
import { commandOf, listDescendants, listProcesses } from '../../packages/local-files/dist/process-tree.js';
import { DAEMON_BUNDLE } from '../../scripts/bundle.mjs';

export function descendants(pid: number): number[] {
  return listDescendants(pid).map((entry) => entry.pid);
}

/** Daemon processes serving this root (to prove there is exactly one). */
export function daemonsFor(root: string): number[] {
  return listProcesses()
    .filter(({ command }) => command.includes(DAEMON_BUNDLE) && command.includes(`--root ${root} `))
    .map((entry) => entry.pid);
}

/** The native engine's one process (`tsc --lsp --stdio`). */
function nativeServerOf(daemonPid: number): number | undefined {
  return listDescendants(daemonPid).find(({ command }) => command.includes('--lsp --stdio'))?.pid;
}

/** The process that type-checks: tsserver, or the native server itself (it has nothing behind it). */
export function tsserverOf(daemonPid: number): number | undefined {
  return (
    listDescendants(daemonPid).find(({ command }) => command.includes('tsserver.js'))?.pid ?? nativeServerOf(daemonPid)
  );
}

/** The process the daemon speaks LSP to: typescript-language-server, or the native server. */
export function languageServerOf(daemonPid: number): number | undefined {
  return (
    listDescendants(daemonPid).find(({ command }) => command.includes('typescript-language-server'))?.pid ??
    nativeServerOf(daemonPid)
  );
}

/** A running process's command line (arguments joined by spaces), undefined once it is gone. */
export function commandLineOf(pid: number): string | undefined {
  return commandOf(pid);
}
