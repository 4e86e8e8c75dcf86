import type { Candidate, FindResponse, InspectManyResponse, InspectResponse, MapResponse } from '@cn/protocol';
import { cutNotes, groupByFile, incompleteNote, place, plural, previewOf, snippetLines } from './notes.js';
import { mapHeading, modifierPrefix, outlineSpan, shownName } from './outline-lines.js';
import { groupLines, leftOutNote } from './find-many.js';
import { didYouMean, PART_NOT_SEARCHED } from './text.js';
import type { Voice } from './voice.js';

/**
 * `--format compact`: the fewest tokens that still carry every id. One line per result,
 * `path:line:col  kind  name  │ preview`; references grouped under their file with a count, and
 * positions only (on the file's line) once previews have been dropped.
 */
export function findCompact(response: FindResponse, voice: Voice): string {
  const lines: string[] = [];
  if (response.definition) lines.push(...namedLine(response.definition));
  else if (response.refs !== 'only') lines.push(`no definition for '${response.query}'${didYouMean(response)}`);
  if (response.ambiguous)
    lines.push(`ambiguous: other matches rank as high; re-ask with ${voice.ask('find', '<id>')} or Container.name`);
  if (response.refs !== 'none') {
    if (response.referenceSymbols !== undefined || response.referenceFiles?.some((file) => file.roles)) {
      const what = response.referenceSymbols ? 'symbol' : 'file';
      const groups = response.totalGroups ?? (response.referenceSymbols ?? response.referenceFiles ?? []).length;
      lines.push(
        `${plural(response.totalReferences, 'ref')} in ${plural(groups, what)}`,
        ...groupLines(response, 'compact'),
      );
    } else lines.push(...referenceLines(response));
    lines.push(...leftOutNote(response, voice));
  }
  if (response.candidates.length > 0) {
    const total = response.totalCandidates ?? response.candidates.length;
    const shown = total > response.candidates.length ? `${response.candidates.length} of ${total}` : `${total}`;
    lines.push(`also ${shown} (${voice.ask('find', '<id>')}):`);
    for (const candidate of response.candidates) lines.push(...namedLine(candidate));
  }
  const groups = response.referenceFiles ?? response.referenceSymbols;
  const summarized = groups?.reduce((sum, group) => sum + group.count, 0) ?? response.references.length;
  lines.push(...cutNotes(response, summarized, response.totalReferences, 'reference', voice));
  lines.push(...incompleteNote(response, PART_NOT_SEARCHED));
  return lines.join('\n');
}

/** References under their file with a count; positions only, on the file's line, once previews are dropped. */
function referenceLines(response: FindResponse): string[] {
  const lines: string[] = [];
  const files =
    response.referenceFiles ??
    [...groupByFile(response.references)].map(([filePath, refs]) => ({ filePath, count: refs.length }));
  const listed = files.reduce((sum, file) => sum + file.count, 0);
  lines.push(
    listed < response.totalReferences
      ? `${plural(response.totalReferences, 'ref')}, showing ${listed}`
      : `${plural(response.totalReferences, 'ref')} in ${plural(files.length, 'file')}`,
  );
  const byFile = groupByFile(response.references);
  for (const { filePath, count } of files) {
    const refs = byFile.get(filePath) ?? [];
    const withPreview = refs.some((ref) => ref.preview !== undefined);
    if (withPreview) {
      lines.push(`${filePath} (${count})`);
      for (const ref of refs) lines.push(` ${ref.line}:${ref.character} ${ref.role} │ ${previewOf(ref)}`);
    } else {
      lines.push(`${filePath} (${count})${refs.map((ref) => ` ${ref.line}:${ref.character}`).join('')}`);
    }
  }
  return lines;
}

export function namedLine(ref: Candidate): string[] {
  const name = ref.container ? `${ref.container}.${ref.name}` : ref.name;
  const shown = ref.snippet !== undefined && !ref.snippet.includes('\n') ? ref.snippet : previewOf(ref);
  const lines = ref.endLine !== undefined ? `  ${ref.line}-${ref.endLine}` : '';
  return [
    `${place(ref)}  ${ref.kind}  ${name}${lines}${shown !== undefined && shown !== '' ? `  │ ${shown}` : ''}`,
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
  const ids = [...(response.definition ? [response.definition.id] : []), ...response.references.map((ref) => ref.id)];
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
