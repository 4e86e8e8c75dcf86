import { configErrorsWarning, describeConfigError, engineFallbackWarning, type EngineStatus } from '@cn/core';

/**
 * What the client prints on stderr with an answer (the warning header), each thing once: the first answer after it
 * happens (or changes) tells the user, later ones stay quiet; cn status keeps saying it. Two things: auto handed the
 * root over to the other engine, and configs tsc cannot read.
 */
export function answerWarnings(status: () => EngineStatus): () => string | undefined {
  const fallback = once(
    () => status().engineFallback?.reason ?? '',
    () => engineFallbackWarning(status()),
  );
  const configs = once(
    () => (status().configErrors ?? []).map(describeConfigError).join('\n'),
    () => configErrorsWarning(status().configErrors ?? []),
  );
  return () => {
    const warnings = [fallback(), configs()].filter((warning) => warning !== undefined);
    return warnings.length > 0 ? warnings.join('; ') : undefined;
  };
}

/** The warning when `key` differs from the last one told (an empty key: nothing to tell). */
function once(key: () => string, warning: () => string | undefined): () => string | undefined {
  let told = '';
  return () => {
    const now = key();
    if (now === told) return undefined;
    told = now;
    return now === '' ? undefined : warning();
  };
}
