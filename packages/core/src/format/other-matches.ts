import type { OtherDeclaration, OtherMatches } from '@cn/protocol';
import { plural } from './notes.js';

/**
 * One line saying what `rg -w Name` would hit beyond the references shown, so no word search is needed to know:
 * `rg -w raw would also hit 6: Req.raw ×3 (Property), String.raw ×1 (library Method), 1 string, 1 comment`.
 */
export function otherMatchesLine(matches: OtherMatches | undefined): string[] {
  if (!matches) return [];
  const word = matches.word;
  const where = matches.scope !== undefined ? ` (${matches.scope})` : '';
  if (matches.total === 0) return [`rg -w ${word}${where} would hit nothing else: every occurrence is a reference`];
  return [`rg -w ${word}${where} would also hit ${matches.total}: ${parts(matches, true).join(', ')}`];
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
  if (matches.total === 0)
    return [`word hits   rg -w ${word}${where} would hit nothing else: every occurrence is a reference`];
  const rest = parts(matches, false);
  return [
    `word hits   rg -w ${word}${where} would also hit ${matches.total}${rest.length > 0 ? `: ${rest.join(', ')}` : ''}`,
    ...matches.declarations.map(
      (declaration) => `  ${qualified(declaration)}  ${what(declaration)}  ${declaration.id}  ×${declaration.count}`,
    ),
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
