import type { UnresolvedImports } from '@cn/protocol';
import { importBindings, type ImportBinding } from '../inspect/import-bindings.js';

/** Modules listed; the rest are counted. */
const MAX_MODULES = 5;

/** An occurrence of the word not looked up: its file's text and where in it. */
export interface UnresolvedPlace {
  filePath: string;
  text: string;
  offset: number;
}

/**
 * Sorts the occurrences the engine was not asked about (the answer's time was up) by what their file imports the word
 * from, read from the file's own import statements (no engine): `raw(` in a file with `import { raw } from
 * '@mikro-orm/core'` is that import's use. Member uses (`x.raw`) and files with no import of the word are counted
 * apart.
 */
export function unresolvedImportsOf(word: string, places: readonly UnresolvedPlace[]): UnresolvedImports | undefined {
  if (places.length === 0) return undefined;
  const bindingsOf = new Map<string, ImportBinding[]>();
  const byModule = new Map<string, number>();
  let members = 0;
  let notImported = 0;
  for (const { filePath, text, offset } of places) {
    if (isMemberUse(text, offset)) {
      members++;
      continue;
    }
    let bindings = bindingsOf.get(filePath);
    if (!bindings) {
      bindings = importBindings(text).filter((binding) => binding.name === word);
      bindingsOf.set(filePath, bindings);
    }
    const from = bindings[0]?.from;
    if (from === undefined) notImported++;
    else byModule.set(from, (byModule.get(from) ?? 0) + 1);
  }
  const modules = [...byModule]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([from, count]) => ({ from, count }));
  const more = modules.slice(MAX_MODULES).reduce((sum, { count }) => sum + count, 0);
  return {
    modules: modules.slice(0, MAX_MODULES),
    ...(more > 0 ? { moreModules: more } : {}),
    notImported,
    members,
  };
}

/** `x.raw`, `x?.raw`, `x . raw`: a property of something, which no import statement names. */
function isMemberUse(text: string, offset: number): boolean {
  let at = offset - 1;
  while (at >= 0 && (text[at] === ' ' || text[at] === '\t' || text[at] === '\n' || text[at] === '\r')) at--;
  return text[at] === '.' && text[at - 1] !== '.';
}
