import type { GrepGroup, GrepResponse, SearchHit, SearchResponse } from '@cn/core';
import { namedLine } from './compact.js';
import { cutNotes, place, previewOf } from './notes.js';

/** People: rank, score, place, what matched, then the preview or snippet. */
export function searchText(response: SearchResponse): string {
  const lines = [searchHeading(response)];
  response.results.forEach((hit, index) => {
    lines.push(
      `${String(index + 1).padStart(3)}. ${hit.kind} ${displayName(hit)}  ${place(hit)}  (score ${hit.score})`,
      `     matched ${matchedWords(hit)}`,
    );
    const shown = hit.snippet ?? previewOf(hit);
    if (shown !== undefined && shown !== '') lines.push(...shown.split('\n').map((line) => `     │ ${line}`));
  });
  return [...lines, ...searchNotes(response)].join('\n');
}

/** Agents: one line per result, best first, ready for `cn inspect`; which words matched where. */
export function searchCompact(response: SearchResponse): string {
  const lines = [searchHeading(response)];
  for (const hit of response.results) {
    const [first, ...rest] = namedLine(hit);
    const at = first.indexOf('  │ ');
    const matched = `  [${matchedWords(hit)}]`;
    lines.push(at < 0 ? `${first}${matched}` : `${first.slice(0, at)}${matched}${first.slice(at)}`, ...rest);
  }
  return [...lines, ...searchNotes(response)].join('\n');
}

export function searchIds(response: SearchResponse): string {
  return response.results.map((hit) => hit.id).join('\n');
}

function searchHeading(response: SearchResponse): string {
  const found = response.total === 1 ? '1 declaration matches' : `${response.total} declarations match`;
  return `${found} ${response.words.join(' ')} (best first; ${response.files} files indexed)`;
}

function searchNotes(response: SearchResponse): string[] {
  const notes = cutNotes(response, response.results.length, response.total, 'declarations');
  if (!response.complete) notes.push(`incomplete: ${response.reason ?? 'part of the project was searched'}`);
  return notes;
}

function displayName(hit: SearchHit): string {
  return hit.container !== undefined ? `${hit.container}.${hit.name}` : hit.name;
}

/** `name: retry, delay; doc: backoff`. */
function matchedWords(hit: SearchHit): string {
  return Object.entries(hit.matched)
    .map(([field, words]) => `${field}: ${[...new Set(words)].join(', ')}`)
    .join('; ');
}

/** People: per file, each declaration with its lines. */
export function grepText(response: GrepResponse): string {
  const lines: string[] = [];
  let file: string | undefined;
  for (const group of response.groups) {
    if (group.filePath !== file) {
      file = group.filePath;
      lines.push(file);
    }
    lines.push(`  ${groupTitle(group)}${group.in.kind === 'Module' ? '' : `  ${group.in.id}`}`);
    for (const match of group.matches)
      lines.push(`    ${match.line}:${match.character}  ${match.preview ?? ''}`.trimEnd());
    if (group.matches.length < group.count) lines.push(`    … ${group.count - group.matches.length} more lines`);
  }
  return [...lines, ...grepSummary(response)].join('\n');
}

/** Agents: a declaration's id (its file for top-level code) and kind, then its lines. */
export function grepCompact(response: GrepResponse): string {
  const lines: string[] = [];
  for (const group of response.groups) {
    const counted = group.matches.length < group.count ? ` (${group.count})` : '';
    lines.push(`${group.in.id}  ${groupTitle(group)}${counted}`);
    const withPreview = group.matches.some((match) => match.preview !== undefined);
    if (withPreview)
      for (const match of group.matches) lines.push(` ${match.line}:${match.character} │ ${match.preview}`);
    else if (group.matches.length > 0)
      lines.push(` ${group.matches.map((match) => `${match.line}:${match.character}`).join(' ')}`);
  }
  return [...lines, ...grepSummary(response)].join('\n');
}

/**
 * The declarations the matches are in, each once, for `cn inspect -`; a match outside every declaration is given
 * as its own place (`path:line:col`), since a file is not an id.
 */
export function grepIds(response: GrepResponse): string {
  const ids = response.groups.flatMap((group) =>
    group.in.kind === 'Module'
      ? group.matches.map((match) => place({ filePath: group.filePath, ...match }))
      : [group.in.id],
  );
  return [...new Set(ids)].join('\n');
}

function groupTitle(group: GrepGroup): string {
  const name = group.in.container !== undefined ? `${group.in.container}.${group.in.name}` : group.in.name;
  return group.in.kind === 'Module' ? name : `${group.in.kind} ${name}`;
}

function grepSummary(response: GrepResponse): string[] {
  const lines = response.totalMatches === 1 ? '1 matching line' : `${response.totalMatches} matching lines`;
  const declarations = response.totalGroups === 1 ? '1 declaration' : `${response.totalGroups} declarations`;
  const notes = [
    `${lines} in ${declarations}, ${response.filesMatched} of ${response.filesSearched} files`,
    ...cutNotes(
      response,
      response.groups.reduce((sum, group) => sum + group.matches.length, 0),
      response.totalMatches,
      'lines',
    ),
  ];
  if (!response.complete) notes.push(`incomplete: ${response.reason ?? 'the search stopped early'}`);
  return notes;
}
