import type { UnusedFile, UnusedResponse, UnusedSymbol } from '@cn/protocol';
import { idAsFileLine } from '../domain/ids.js';
import { incompleteNote, kindColumn, plural, reExportedByLine } from './notes.js';
import { EVERY_STATEMENT, otherImportsLine, otherMatchesLine } from './other-matches.js';
import type { Voice } from './voice.js';

/** People: one block per file, then what was checked and searched. */
export function unusedText(answer: UnusedResponse, voice: Voice): string {
  const { response, scopeLine } = scopeSaidOnce(answer);
  const lines: string[] = [...scopeLine];
  const kindWidth = kindColumn(response.files.flatMap((file) => file.unused));
  for (const file of response.files) {
    lines.push(file.filePath);
    const width = String(Math.max(...file.unused.map((symbol) => symbol.line))).length;
    for (const symbol of file.unused)
      lines.push(
        `  ${String(symbol.line).padStart(width)}  ${symbol.kind.padEnd(kindWidth)} ${displayName(symbol)}${notes(symbol)}${written(symbol)}`,
        ...wordLine(symbol, file, '      '),
      );
    lines.push(...[...noImportLine(file), ...barrelsLine(file)].map((line) => `  ${line}`));
  }
  lines.push(...summary(response, voice));
  return lines.join('\n');
}

/** Agents: one line per symbol, its id first (ready for cn inspect), then the summary. */
export function unusedCompact(answer: UnusedResponse, voice: Voice): string {
  const { response, scopeLine } = scopeSaidOnce(answer);
  const lines = response.files.flatMap((file) => [
    ...file.unused.flatMap((symbol) => [
      `${symbol.id}  ${symbol.kind}  ${displayName(symbol)}${notes(symbol)}${written(symbol)}`,
      ...wordLine(symbol, file, '  '),
    ]),
    ...noImportLine(file),
    ...barrelsLine(file),
  ]);
  lines.push(...summary(response, voice));
  return [...scopeLine, ...lines].join('\n');
}

/**
 * The files the word searches cover (`refs in src, refs not in **\/*.test.*`), said once above the answer when every
 * listed symbol's is the same, not on each of its lines: on hono's two-file question it was a tenth of the answer.
 */
function scopeSaidOnce(response: UnusedResponse): { response: UnusedResponse; scopeLine: string[] } {
  const symbols = response.files.flatMap((file) => file.unused);
  const scopes = new Set(symbols.map((symbol) => symbol.otherMatches?.scope));
  const [scope] = scopes;
  if (scopes.size !== 1 || scope === undefined || symbols.length < 2) return { response, scopeLine: [] };
  const files = response.files.map((file) => ({
    ...file,
    unused: file.unused.map((symbol) => {
      if (!symbol.otherMatches) return symbol;
      const { scope: _said, ...otherMatches } = symbol.otherMatches;
      return { ...symbol, otherMatches };
    }),
  }));
  return { response: { ...response, files }, scopeLine: [`rg -w below: over ${scope}`] };
}

export function unusedIds(response: UnusedResponse): string {
  return response.files.flatMap((file) => file.unused.map((symbol) => symbol.id)).join('\n');
}

/**
 * Under each symbol: what a word search would hit, none of it a use (`rg -w ref would also hit 40: …`), and the
 * imports of its word from other modules; names no import names at all are said together for the file (noImportLine).
 */
function wordLine(symbol: UnusedSymbol, file: UnusedFile, indent: string): string[] {
  const saidForFile = namedByNoImport(file).includes(symbol);
  return [
    ...otherMatchesLine(symbol.otherMatches),
    ...(saidForFile ? [] : otherImportsLine(symbol.otherMatches, symbol.usedOnlyByTests ? 'tests' : 'none')),
  ].map((line) => `${indent}${line}`);
}

/** The file's unused names that no import or export-from names, from any module, when there are several. */
function namedByNoImport(file: UnusedFile): UnusedSymbol[] {
  const names = file.unused.filter(
    (symbol) => symbol.otherMatches?.otherImports?.total === 0 && !symbol.usedOnlyByTests,
  );
  return names.length >= 2 ? names : [];
}

/**
 * `no import or export-from names any of ref, unref, rel (refs in packages/*\/src/**), from any module`: the names
 * no import statement names, in one line, as the one grep over import statements an agent ran for them all (mikro-orm:
 * 4 a run, after the same claim under each name).
 */
function noImportLine(file: UnusedFile): string[] {
  const names = namedByNoImport(file);
  if (names.length === 0) return [];
  const scope = names[0].otherMatches?.scope;
  const where = scope !== undefined ? ` (${scope})` : '';
  const list = names.map(displayName).join(', ');
  return [`no import or export-from names any of ${list}${where}, from any module${EVERY_STATEMENT}`];
}

/**
 * `src/url.ts re-exported by 2 (imports through them counted): …`, or none: the barrels an import may go through,
 * the nearest three (the package's entry point is among them); the answer's JSON has eight.
 */
function barrelsLine(file: UnusedFile): string[] {
  return reExportedByLine(file.reExportedBy, 'export * of it', 'imports through them counted', 3).map(
    (line) => `${file.filePath} ${line}`,
  );
}

/** `  │ export const f = g`: the declaration as written, when the answer carries it. */
function written(symbol: UnusedSymbol): string {
  return symbol.declaration !== undefined ? `  │ ${symbol.declaration}` : '';
}

function displayName(symbol: UnusedSymbol): string {
  return symbol.container !== undefined ? `${symbol.container}.${symbol.name}` : symbol.name;
}

/** Top-level: exported is the news; members: public is the rule, so static and private are. */
function notes(symbol: UnusedSymbol): string {
  const visibility =
    symbol.container === undefined
      ? symbol.exported
        ? ['exported']
        : []
      : [...(symbol.static ? ['static'] : []), ...(symbol.exported ? [] : ['private'])];
  const said = [
    ...visibility,
    ...(symbol.usedOnlyByTests ? ['used only by tests'] : []),
    ...(symbol.computedAccess ? [`possibly used: computed access at ${idAsFileLine(symbol.computedAccess)}`] : []),
  ];
  return said.length > 0 ? `  (${said.join(', ')})` : '';
}

const EXPORT_USE_RULE =
  'a use is a reference from another file: an import, `export { x } from`, `ns.x` (`export *` alone names nothing)';

function summary(response: UnusedResponse, voice: Voice): string[] {
  const listed = response.files.reduce((sum, file) => sum + file.unused.length, 0);
  const files = plural(response.filesChecked, 'file');
  const checked =
    response.membersOf !== undefined
      ? `members of ${response.membersOf} in ${response.path}`
      : `${response.exported ? 'exports' : 'declarations'} in ${files}`;
  const verdict = response.exported ? 'used by no other file' : 'unused';
  const lines = [
    ...usedLine(response),
    // Which uses count, said once, so an agent need not check `export *` barrels by hand (it did).
    ...(response.exported && response.membersOf === undefined ? [EXPORT_USE_RULE] : []),
    `${response.total} of ${response.checked} ${checked} ${verdict}${asides(response)}; ${plural(response.projects, 'project')} searched`,
  ];
  if (listed < response.total)
    lines.push(`${listed} of ${response.total} shown (${voice.option('limit')} / ${voice.option('maxTokens')})`);
  const deleted = response.deletedWhileChecking ?? [];
  if (deleted.length > 0)
    lines.push(`skipped ${plural(deleted.length, 'file')} deleted or changed while cn checked: ${deleted.join(', ')}`);
  lines.push(...incompleteNote(response, 'some uses may not have been seen'));
  return lines;
}

/**
 * The kind checked, how many only tests use or a computed key may read, and which uses counted (`--refs-in`,
 * `--refs-not-in`), so the verdict needs no recount.
 */
function asides({ usedOnlyByTests, possiblyUsed, kind, refsIn, refsNotIn }: UnusedResponse): string {
  const where = [
    ...(refsIn !== undefined ? [`in ${refsIn}`] : []),
    ...(refsNotIn !== undefined ? [`not in ${refsNotIn}`] : []),
  ];
  const said = [
    ...(kind !== undefined ? [`kind ${kind} only`] : []),
    ...(usedOnlyByTests > 0 ? [`${usedOnlyByTests} used only by tests`] : []),
    ...(possiblyUsed ? [`${possiblyUsed} possibly used through a computed key`] : []),
    ...(where.length > 0 ? [`uses counted ${where.join(', ')}`] : []),
  ];
  return said.length > 0 ? ` (${said.join('; ')})` : '';
}

/**
 * `used: tryDecode (Function) ← src/utils/url.ts; equal (Constant) ← src/a.ts +2`: the others checked, each with its
 * kind (unless one kind was asked) and the users it rests on; one a line with its line as written when the answer
 * carries it (`used: equal (Constant) ← src/a.ts +2  │ export const equal = …`), so with the unused ones above every
 * export of the file is shown as `rg -n "^export"` would show it.
 */
function usedLine({ used, kind: askedKind }: UnusedResponse): string[] {
  if (!used || used.length === 0) return [];
  const each = used.map(({ name, kind, files, by, declaration }) => {
    const more = files > by.length ? ` +${files - by.length}` : '';
    const line = declaration !== undefined ? `  │ ${declaration}` : '';
    return `${name}${askedKind === undefined ? ` (${kind})` : ''} ← ${by.join(', ')}${more}${line}`;
  });
  if (used.some(({ declaration }) => declaration !== undefined)) return each.map((one) => `used: ${one}`);
  return [`used: ${each.join('; ')}`];
}
