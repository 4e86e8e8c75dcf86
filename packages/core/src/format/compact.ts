import type { Candidate, FindResponse, InspectManyResponse, InspectResponse, MapResponse } from '@cn/protocol';
import { cutNotes, groupByFile, incompleteNote, place, plural, previewOf, snippetLines } from './notes.js';
import { mapHeading, modifierPrefix, outlineSpan, shownName } from './outline-lines.js';
import { groupLines, leftOutNote } from './find-many.js';
import type { ReferenceFields } from '../usecases/find-references.js';
import { ambiguityLeft, moreDefinitionsHeading, outsideInLine, throughLine } from './find-groups.js';
import { noUseLine, otherMatchesLine } from './other-matches.js';
import { didYouMean, PART_NOT_SEARCHED } from './text.js';
import { isTestFile } from '../domain/project-paths.js';
import type { Voice } from './voice.js';

/**
 * `--format compact`: the fewest tokens that still carry every id. One line per result,
 * `path:line:col  kind  name  │ preview`; references grouped under their file with a count, and
 * positions only (on the file's line) once previews have been dropped.
 */
export function findCompact(response: FindResponse, voice: Voice): string {
  const lines: string[] = [...moreDefinitionsHeading(response)];
  if (response.definition) lines.push(...namedLine(response.definition), ...throughLine(response));
  else if (response.refs !== 'only') lines.push(`no definition for '${response.query}'${didYouMean(response)}`);
  if (ambiguityLeft(response))
    lines.push(`ambiguous: other matches rank as high; re-ask with ${voice.ask('find', '<id>')} or Container.name`);
  if (response.refs !== 'none') lines.push(...referencesCompact(response, voice));
  for (const group of response.moreDefinitions ?? []) {
    lines.push(...namedLine(group.definition));
    if (response.refs !== 'none') lines.push(...referencesCompact(group, voice));
  }
  lines.push(...outsideInLine(response, voice), ...otherMatchesLine(response.otherMatches), ...noUseLine(response));
  if (response.candidates.length > 0) {
    const total = response.totalCandidates ?? response.candidates.length;
    const shown = total > response.candidates.length ? `${response.candidates.length} of ${total}` : `${total}`;
    lines.push(`also ${shown} (${voice.ask('find', '<id>')}):`);
    for (const candidate of response.candidates) lines.push(...namedLine(candidate));
  }
  const parts = [response, ...(response.moreDefinitions ?? [])];
  const summarized = parts.reduce((sum, part) => sum + listedReferences(part), 0);
  const total = parts.reduce((sum, part) => sum + part.totalReferences, 0);
  lines.push(...cutNotes(response, summarized, total, 'reference', voice));
  lines.push(...incompleteNote(response, PART_NOT_SEARCHED));
  return lines.join('\n');
}

/** How many references a part lists, one by one or counted in its groups. */
function listedReferences(part: ReferenceFields): number {
  const groups = part.referenceFiles ?? part.referenceSymbols;
  return groups?.reduce((sum, group) => sum + group.count, 0) ?? part.references.length;
}

function referencesCompact(part: ReferenceFields, voice: Voice): string[] {
  if (part.referenceSymbols !== undefined || part.referenceFiles?.some((file) => file.roles)) {
    const what = part.referenceSymbols ? 'symbol' : 'file';
    const groups = part.totalGroups ?? (part.referenceSymbols ?? part.referenceFiles ?? []).length;
    return [
      `${plural(part.totalReferences, 'ref')} in ${plural(groups, what)}`,
      ...groupLines(part, 'compact'),
      ...leftOutNote(part, voice),
    ];
  }
  return [...referenceLines(part, voice), ...leftOutNote(part, voice)];
}

/** Past this many references in test files (beside others), theirs are placed without their lines. */
export const TEST_REFS_WITH_LINES = 10;

/**
 * References under their file with a count; positions only, on the file's line, once previews are dropped, and for
 * test files when they hold many beside references elsewhere: hono's `parseBody` had 32 of its 34 calls in one test
 * file, read as 640 tokens of `expect(await parseBody(req…` by an agent that wanted the source's two.
 */
function referenceLines(response: ReferenceFields, voice: Voice): string[] {
  const lines: string[] = [];
  const inTests = response.references.filter((ref) => isTestFile(ref.filePath)).length;
  const testsPlaced = inTests > TEST_REFS_WITH_LINES && inTests < response.references.length;
  const files =
    response.referenceFiles ??
    [...groupByFile(response.references)].map(([filePath, refs]) => ({ filePath, count: refs.length }));
  const listed = files.reduce((sum, file) => sum + file.count, 0);
  const fileCount = response.totalReferenceFiles ?? files.length;
  const shown = listed < response.totalReferences ? `, showing ${listed}` : '';
  lines.push(`${plural(response.totalReferences, 'ref')} in ${plural(fileCount, 'file')}${shown}`);
  const byFile = groupByFile(response.references);
  for (const { filePath, count } of files) {
    const refs = byFile.get(filePath) ?? [];
    const withPreview = refs.some((ref) => ref.preview !== undefined) && !(testsPlaced && isTestFile(filePath));
    if (withPreview) {
      lines.push(`${filePath} (${count})`);
      for (const ref of refs)
        lines.push(
          ` ${ref.line}:${ref.character} ${ref.role} │ ${previewOf(ref)}${ref.from !== undefined ? `  ┆ from '${ref.from}'` : ''}`,
        );
    } else {
      lines.push(`${filePath} (${count})${refs.map((ref) => ` ${ref.line}:${ref.character}`).join('')}`);
    }
  }
  if (testsPlaced)
    lines.push(
      `the ${inTests} refs in test files are placed without their lines (${voice.option('refsIn')} <test files> shows them)`,
    );
  return lines;
}

export function namedLine(ref: Candidate): string[] {
  const name = ref.container ? `${ref.container}.${ref.name}` : ref.name;
  const shown = ref.snippet !== undefined && !ref.snippet.includes('\n') ? ref.snippet : previewOf(ref);
  const doc = ref.docLines ? ` (doc ${ref.docLines[0]}-${ref.docLines[1]})` : '';
  const lines = ref.endLine !== undefined ? `  ${ref.line}-${ref.endLine}${doc}` : '';
  const inherited = ref.inheritedBy !== undefined ? `  (${ref.inheritedBy} inherits it)` : '';
  // The last line beside the first; a snippet shows the declaration's end itself.
  const end =
    ref.endPreview !== undefined && ref.snippet === undefined && shown ? `  ┆ ${ref.endLine}: ${ref.endPreview}` : '';
  return [
    `${place(ref)}  ${ref.kind}  ${name}${lines}${inherited}${shown !== undefined && shown !== '' ? `  │ ${shown}${end}` : ''}`,
    ...snippetLines(ref.snippet, '  '),
  ];
}

export function mapCompact(response: MapResponse, voice: Voice): string {
  const total = response.total ?? response.symbols.length;
  const lines = [mapHeading(response)];
  for (const symbol of response.symbols) {
    const at = symbol.id.slice(symbol.id.indexOf('::') + 2).replace('::', ':');
    const name = shownName(response, symbol);
    const oneLine = symbol.snippet !== undefined && !symbol.snippet.includes('\n') ? `  │ ${symbol.snippet}` : '';
    lines.push(
      `${at}  ${modifierPrefix(symbol)}${symbol.kind}  ${name}  ${outlineSpan(symbol)}${oneLine}`,
      ...snippetLines(symbol.snippet, '  '),
    );
  }
  if (response.kinds)
    lines.push(
      `kinds: ${Object.entries(response.kinds)
        .map(([kind, count]) => `${kind} ${count}`)
        .join(', ')}`,
    );
  lines.push(...cutNotes(response, response.symbols.length, total, 'symbol', voice));
  return lines.join('\n');
}

export function inspectCompact(response: InspectResponse | InspectManyResponse, voice: Voice): string {
  const results = 'result' in response ? [response.result] : response.results;
  const lines: string[] = [];
  for (const result of results) {
    lines.push(`${result.filePath}:${result.range.startLine}-${result.range.endLine}`);
    if (result.code !== undefined) lines.push(result.code);
    if (result.relatedSymbols?.length) lines.push(`related: ${result.relatedSymbols.join(', ')}`);
  }
  if ('results' in response) {
    for (const failure of response.failures) lines.push(`failed ${failure.id}: ${failure.message}`);
    lines.push(...cutNotes(response, response.results.length, response.total, 'block', voice));
  } else lines.push(...cutNotes(response, 1, 1, 'block', voice));
  return lines.join('\n');
}

/** `--format ids`: one id per line, nothing else, for `| cn inspect -` and shell loops. */
export function findIds(response: FindResponse): string {
  const ids = [
    ...(response.definition ? [response.definition.id] : []),
    ...response.references.map((ref) => ref.id),
    ...(response.moreDefinitions ?? []).flatMap((group) => [
      ...(response.refs === 'only' ? [] : [group.definition.id]),
      ...group.references.map((ref) => ref.id),
    ]),
  ];
  return [...new Set(ids)].join('\n');
}

export function mapIds(response: MapResponse): string {
  return response.symbols.map((symbol) => symbol.id).join('\n');
}

/** The id of each block: its declaration's, or the place asked (cn find <id> takes either). */
export function inspectIds(response: InspectResponse | InspectManyResponse): string {
  const results = 'result' in response ? [response.result] : response.results;
  return results.map((result) => result.id).join('\n');
}
