import type { EngineStatus } from '../ports/code-intelligence.js';

/**
 * The stderr warning once auto handed the root over to the other engine (its first engine kept crashing), for the
 * first answer after it: what crashed and how, and which engine answers now.
 */
export function engineFallbackWarning(status: Pick<EngineStatus, 'engine' | 'engineFallback'>): string | undefined {
  const fallback = status.engineFallback;
  if (!fallback) return undefined;
  return `${fallback.reason} - the ${status.engine} engine answers for this whole root instead (cn status says so)`;
}
