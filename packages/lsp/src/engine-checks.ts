import { badInput, type Position } from '@cn/core';

/** Positions reach the engine 1-based; anything else is a caller's mistake, told as bad input. */
export function checkPosition(position: Position): Position {
  if (
    !Number.isInteger(position.line) ||
    !Number.isInteger(position.character) ||
    position.line < 1 ||
    position.character < 1
  ) {
    throw badInput(`invalid position ${position.line}:${position.character}`, 'Lines and columns start at 1.');
  }
  return position;
}

/** What to do about a failed engine, from its last error. */
export function failureHint(lastError: string | undefined, maxTsServerMemory: number | undefined): string {
  if (lastError && /out of memory/i.test(lastError)) {
    return `raise the ceiling (now ${maxTsServerMemory ?? 'the default'} MB): cn stop, then CN_MAX_TS_MEMORY=<MB> cn start`;
  }
  return 'it is tried again 30 s after the failure; cn status shows the last error, the daemon log has the details';
}
