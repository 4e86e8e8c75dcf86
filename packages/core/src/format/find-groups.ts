import type { FindResponse } from '@cn/protocol';
import { plural } from './notes.js';
import type { Voice } from './voice.js';

/**
 * The line above an answer that gives several declarations for one name, so none reads as the only one:
 * `'mergePath' names 2 declarations that rank alike, each with its references:`.
 */
export function moreDefinitionsHeading(response: FindResponse): string[] {
  const more = response.moreDefinitions ?? [];
  if (more.length === 0) return [];
  const count = plural(more.length + 1, 'declaration');
  const merged = more.filter((group) => group.relation === 'merged');
  const why =
    merged.length === more.length
      ? ` (one symbol: ${[response.definition?.kind ?? '?', ...merged.map((group) => group.definition.kind)].join(', ')})`
      : merged.length === 0
        ? ' that rank alike'
        : ' (meanings of one symbol, and declarations that rank alike)';
  return [`'${response.query}' names ${count}${why}, each with its references:`];
}

/** The old "ambiguous" line, said only when the declarations that rank alike were not all answered. */
export function ambiguityLeft(response: FindResponse): boolean {
  return response.ambiguous === true && !(response.moreDefinitions ?? []).some((group) => group.relation === 'alike');
}

/**
 * `--in` narrows where the name is looked for; its references are the project's. Said when some lie outside, with
 * the option that keeps only those inside.
 */
export function outsideInLine(response: FindResponse, voice: Voice): string[] {
  const outside = response.referencesOutsideIn;
  if (!outside) return [];
  return [
    `${plural(outside.count, 'reference')} outside ${voice.option('in')} ${outside.in}: it narrows where the name is looked for; ${voice.option('refsIn')} keeps only references there`,
  ];
}

/**
 * `via src/index.ts:1 export * from './mod' → src/mod.ts:3 export { A as B } from './a'`: the barrels followed; then
 * what else was looked in (`looked in src/index.ts and the 12 files its export * lead to: no other declares or exports
 * A`).
 */
export function throughLine(response: FindResponse): string[] {
  const hops = response.reachedThrough ?? [];
  if (hops.length === 0) return [];
  const searched = response.reExportsSearched;
  const name = response.query.split('::').pop() ?? response.query;
  const others = searched?.alsoExportedBy ?? [];
  // The file named, by the first hop's site (`path:line`).
  const start = hops[0].site.replace(/:\d+$/, '');
  const rest = !searched
    ? []
    : [
        `looked in ${start} and the ${plural(searched.files, 'file')} its export * lead to: ${
          others.length === 0
            ? `no other declares or exports ${name}`
            : `${name} also exported by ${others.join(', ')} (ambiguous)`
        }`,
      ];
  return [`via ${hops.map((hop) => `${hop.site} ${hop.statement}`).join(' → ')}`, ...rest];
}
