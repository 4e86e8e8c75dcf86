import { badInput, CnError, type EngineMode } from '@cn/core';
import type { PortFile } from '@cn/protocol';

const MODES: readonly EngineMode[] = ['auto', 'native', 'tsserver'];

/** The engine asked for by `CN_ENGINE` (every command, and the daemon a command starts); auto when unset. */
export function requestedEngine(env: NodeJS.ProcessEnv = process.env): EngineMode {
  const value = env.CN_ENGINE;
  if (value === undefined || value === '') return 'auto';
  if (!MODES.includes(value as EngineMode))
    throw badInput(`CN_ENGINE must be auto, native or tsserver, not '${value.slice(0, 40)}'`, 'unset it for auto');
  return value as EngineMode;
}

/**
 * A daemon answers with the engine it started with. Asking a running daemon for another engine
 * explicitly (CN_ENGINE=native, `cn start --engine native`) is refused rather than silently answered
 * by the other engine; auto takes whichever runs.
 */
export function checkEngine(portFile: PortFile, wanted: EngineMode = requestedEngine()): void {
  if (wanted === 'auto' || portFile.engine === undefined || portFile.engine === wanted) return;
  throw new CnError(
    'unavailable',
    `the daemon for ${portFile.root} runs the ${portFile.engine} engine, not ${wanted}`,
    `cn stop --root ${portFile.root}, then ask again to start a ${wanted} daemon; or unset CN_ENGINE to use the running one`,
  );
}
