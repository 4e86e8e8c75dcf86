import type { NamedLocation } from '@cn/protocol';
import type { LocationRefBuilder } from './location-refs.js';
import type { LocatedSymbol, ResolvedSymbolTarget } from './symbol-search.js';

/** What calls, impl and type add to an answer given for a guessed name (see resolveSymbolTarget). */
export interface GuessFields {
  ambiguous?: true;
  candidates?: NamedLocation[];
}

/** The `ambiguous` flag and the other matches, named and with ids to re-ask by; nothing when the target was certain. */
export async function guessFields(builder: LocationRefBuilder, targets: ResolvedSymbolTarget[]): Promise<GuessFields> {
  const guessed = targets.filter((target) => target.ambiguous);
  if (guessed.length === 0) return {};
  const alternatives = guessed.flatMap((target) => target.alternatives ?? []);
  const candidates = await Promise.all(alternatives.map((symbol) => symbolLocation(builder, symbol)));
  return { ambiguous: true, candidates };
}

export async function symbolLocation(
  builder: LocationRefBuilder,
  { hit, position }: LocatedSymbol,
): Promise<NamedLocation> {
  const ref = await builder.ref(hit.filePath, position, hit.kind);
  return { ...ref, name: hit.name, ...(hit.containerName ? { container: hit.containerName } : {}) };
}
