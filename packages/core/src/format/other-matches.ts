import type { FindResponse, OtherCallee, OtherCalls, OtherDeclaration, OtherMatches } from '@cn/protocol';
import { plural } from './notes.js';

/**
 * One line saying what `rg -w Name` would hit beyond the references shown, so no word search is needed to know:
 * `rg -w raw would also hit 6: Req.raw ×3 (Property), String.raw ×1 (library Method), 1 string, 1 comment`.
 */
export function otherMatchesLine(matches: OtherMatches | undefined): string[] {
  if (!matches) return [];
  const word = matches.word;
  const where = matches.scope !== undefined ? ` (${matches.scope})` : '';
  const calls = otherCallsLine(word, matches.otherCalls);
  if (matches.total === 0)
    return [`rg -w ${word}${where} would hit nothing else: every occurrence is a reference`, ...calls];
  return [
    `rg -w ${word}${where} would also hit ${matches.total}: ${parts(matches, true).join(', ')}`,
    ...calls,
    ...unresolvedLine(matches),
  ];
}

/**
 * `not resolved calls raw(…) (150), by what their file imports raw from: '@mikro-orm/core' ×146, no import ×4`: the
 * occurrences not looked up, placed by their files' import statements, which an agent grepped after `+150 not
 * resolved` (a question about calls says its calls; any other all the uses).
 */
function unresolvedLine(matches: OtherMatches): string[] {
  const calls = matches.otherCalls?.unresolvedImports;
  const imports = calls ?? (matches.otherCalls ? undefined : matches.unresolvedImports);
  const count = calls ? matches.otherCalls?.unresolved : matches.unresolved;
  if (!imports || !count) return [];
  const word = matches.word;
  const what = calls ? `calls ${matches.otherCalls?.shape === 'member' ? '.' : ''}${word}(…)` : 'uses';
  const said = [
    ...imports.modules.map(({ from, count: many }) => `'${from}' ×${many}`),
    ...(imports.moreModules ? [`other modules ×${imports.moreModules}`] : []),
    ...(imports.notImported > 0 ? [`no import ×${imports.notImported}`] : []),
    ...(imports.members > 0 ? [`member (x.${word}) ×${imports.members}`] : []),
  ];
  return [`not resolved ${what} (${count}), by what their file imports ${word} from: ${said.join(', ')}`];
}

/**
 * How the import statements were read, said beside "no import names it": an agent grepped for imports spread over
 * several lines after the claim, its patterns failing twice before one ran (mikro-orm, round x).
 */
export const EVERY_STATEMENT = ' (each statement parsed, multi-line ones too)';

/**
 * Where the answer is that nothing uses a symbol: the imports and re-exports of its word from any module, each of
 * another symbol (`no import or export-from names ref, from any module`, or `imports or export-from naming ref, from
 * any module: 2, each of another symbol: from 'vue' ×2`), what a reader would grep import lines for. "Other imports"
 * left agents asking other than what, and they grepped every import statement for the word (mikro-orm, 3 a run).
 */
export function otherImportsLine(
  matches: OtherMatches | undefined,
  own: 'none' | 'tests' | 'listed' = 'none',
): string[] {
  const imports = matches?.otherImports;
  if (!matches || !imports) return [];
  const where = matches.scope !== undefined ? ` (${matches.scope})` : '';
  const owner = {
    none: ', from any module',
    tests: ' but its own, by tests',
    listed: ' but its own, in the files above',
  }[own];
  if (imports.total === 0)
    return [`no import or export-from names ${matches.word}${where}${owner}${own === 'none' ? EVERY_STATEMENT : ''}`];
  const listed = imports.modules.reduce((sum, module) => sum + module.count, 0);
  const modules = imports.modules.map(({ from, count }) => `from '${from}' ×${count}`);
  const more = imports.total > listed ? [`${imports.total - listed} more`] : [];
  const head = `imports or export-from naming ${matches.word}${where}, from any module: ${imports.total}, each of another symbol`;
  return [`${head}: ${[...modules, ...more].join(', ')}`];
}

/** Calls this few are each placed; more are counted by callee. */
const PLACED_CALLS = 10;

/**
 * For a question about calls: the bare calls of the word (`wrap(`, not `x.wrap(`) that go to other symbols, by callee,
 * each placed when there are few: `bare calls wrap(…) of other symbols: 2: wrap ×2 (Variable in src/a.ts) at
 * src/a.ts:242:23, :255:25`. A reader who would grep the call shape learns what it adds, and whose each call is.
 */
function otherCallsLine(word: string, calls: OtherCalls | undefined): string[] {
  if (!calls) return [];
  // A capitalised word is mostly constructed: `new Hono(` is in the count, and said so (an agent asked for the `new`
  // of the class grepped `new Hono\b` after reading `bare calls Hono(…)`).
  const bare = /^[\p{Lu}]/u.test(word) ? `new ${word}(…) and bare calls` : `bare calls ${word}(…)`;
  const head = calls.shape === 'member' ? `calls .${word}(…) of other symbols` : `${bare} of other symbols`;
  if (calls.total === 0) return [`${head}: none`];
  const placed = calls.total <= PLACED_CALLS;
  const callees = calls.callees.map((callee) =>
    placed ? `${symbolPart(callee)} at ${places(callee)}` : symbolPart(callee),
  );
  return [
    `${head}: ${calls.total}: ${[
      ...callees,
      ...(calls.moreCallees ? [`${plural(calls.moreCallees.symbols, 'more symbol')} ×${calls.moreCallees.count}`] : []),
      ...(calls.other > 0 ? [`${calls.other} other`] : []),
      ...(calls.unresolved ? [`+${calls.unresolved} not resolved`] : []),
    ].join(', ')}`,
  ];
}

/** `src/a.ts:242:23, :255:25`: a place in the file of the one before it names only its line and column. */
function places(callee: OtherCallee): string {
  let previousFile: string | undefined;
  const said = callee.places.map((id) => {
    const [file, line, character] = id.split('::');
    const shown = file === previousFile ? `:${line}:${character}` : `${file}:${line}:${character}`;
    previousFile = file;
    return shown;
  });
  const more = callee.count - callee.places.length;
  return [...said, ...(more > 0 ? [`+${more} more`] : [])].join(', ');
}

/**
 * `--format files`' reader compares file lists, so beside them it says which files `rg -lw Name` would add (those whose
 * every occurrence of the word is no reference), each with what the word is there: `rg -lw raw would also list 2 files:
 * src/a.ts (2 comments), src/b.ts (Property Req.raw ×1)`.
 */
export function otherFilesLine(matches: OtherMatches | undefined): string[] {
  if (!matches) return [];
  const where = matches.scope !== undefined ? ` (${matches.scope})` : '';
  const files = matches.otherFiles ?? [];
  if (files.length === 0) return [`rg -lw ${matches.word}${where} would list no other file`];
  const count = files.length + (matches.moreOtherFiles ?? 0);
  const more = matches.moreOtherFiles ? `, +${matches.moreOtherFiles} more` : '';
  const said = files.map((file, index) => {
    const what = matches.otherFilesWhat?.[index];
    return what ? `${file} (${what})` : file;
  });
  return [`rg -lw ${matches.word}${where} would also list ${plural(count, 'file')}: ${said.join(', ')}${more}`];
}

/** The text format's: the same line, then each other symbol with its id. */
export function otherMatchesText(matches: OtherMatches | undefined): string[] {
  if (!matches) return [];
  const word = matches.word;
  const where = matches.scope !== undefined ? ` (${matches.scope})` : '';
  const calls = otherCallsLine(word, matches.otherCalls).map((line) => `calls       ${line}`);
  if (matches.total === 0)
    return [`word hits   rg -w ${word}${where} would hit nothing else: every occurrence is a reference`, ...calls];
  const rest = parts(matches, false);
  return [
    `word hits   rg -w ${word}${where} would also hit ${matches.total}${rest.length > 0 ? `: ${rest.join(', ')}` : ''}`,
    ...matches.declarations.map(
      (declaration) => `  ${qualified(declaration)}  ${what(declaration)}  ${declaration.id}  ×${declaration.count}`,
    ),
    ...calls,
    ...unresolvedLine(matches).map((line) => `            ${line}`),
  ];
}

/** Symbols named on the one line; the rest are counted together, as JSON's `moreDeclarations` are. */
const NAMED_ON_A_LINE = 3;

function parts(matches: OtherMatches, withSymbols: boolean): string[] {
  // The text format lists every symbol on lines of their own: only those JSON leaves out are counted here.
  // One more is named rather than counted: `1 more symbol ×2` would cost as much.
  const shown = matches.declarations.length === NAMED_ON_A_LINE + 1 ? NAMED_ON_A_LINE + 1 : NAMED_ON_A_LINE;
  const named = withSymbols ? matches.declarations.slice(0, shown) : [];
  const unnamed = withSymbols ? matches.declarations.slice(named.length) : [];
  const more = {
    symbols: unnamed.length + (matches.moreDeclarations?.symbols ?? 0),
    count: unnamed.reduce((sum, declaration) => sum + declaration.count, 0) + (matches.moreDeclarations?.count ?? 0),
  };
  return [
    ...named.map(symbolPart),
    ...(more.symbols > 0 ? [`${plural(more.symbols, 'more symbol')} ×${more.count}`] : []),
    ...(matches.strings > 0 ? [plural(matches.strings, 'string')] : []),
    ...(matches.comments > 0 ? [plural(matches.comments, 'comment')] : []),
    ...(matches.other > 0 ? [`${matches.other} other`] : []),
    ...(matches.unresolved ? [`+${matches.unresolved} not resolved`] : []),
  ];
}

/** `Req.raw ×3 (Property)`; a symbol with no container names its file, which tells same-named ones apart. */
function symbolPart(declaration: OtherDeclaration): string {
  const file =
    declaration.container === undefined && declaration.module === undefined && !declaration.library
      ? ` in ${declaration.id.slice(0, declaration.id.indexOf('::'))}`
      : '';
  return `${qualified(declaration)} ×${declaration.count} (${what(declaration)}${file})`;
}

/** `Method`, `library Method`, `import from 'mongodb', unresolved`. */
function what(declaration: OtherDeclaration): string {
  if (declaration.module !== undefined) return `import from '${declaration.module}', unresolved`;
  return `${declaration.library ? 'library ' : ''}${declaration.kind}`;
}

function qualified(declaration: OtherDeclaration): string {
  return declaration.container !== undefined ? `${declaration.container}.${declaration.name}` : declaration.name;
}

/**
 * No reference in another file (none, or only in one file: its own): that no import names the word either, `no import
 * or export-from names sql (refs in src/**), from any module`. References filtered out are outside the scope searched.
 */
export function noUseLine(response: FindResponse): string[] {
  if (response.refs === 'none' || (response.totalReferenceFiles ?? 0) > 1) return [];
  return otherImportsLine(response.otherMatches, response.totalReferences === 0 ? 'none' : 'listed');
}
