import type { GrepGroup, GrepMatch, GrepResponse, SearchHit, SearchResponse } from '@cn/protocol';
import { namedLine } from './compact.js';
import { cutNotes, incompleteNote, place, plural, pluralWord, previewOf } from './notes.js';
import type { Voice } from './voice.js';

/** People: rank, score, place, what matched, then the preview or snippet. */
export function searchText(response: SearchResponse, voice: Voice): string {
  const lines = [searchHeading(response)];
  response.results.forEach((hit, index) => {
    lines.push(
      `${String(index + 1).padStart(3)}. ${hit.kind} ${displayName(hit)}  ${place(hit)}  (score ${hit.score})`,
      `     matched ${matchedWords(hit)}`,
    );
    const shown = hit.snippet ?? previewOf(hit);
    if (shown !== undefined && shown !== '') lines.push(...shown.split('\n').map((line) => `     │ ${line}`));
  });
  return [...lines, ...searchNotes(response, voice)].join('\n');
}

/** Agents: one line per result, best first, ready for `cn inspect`; which words matched where. */
export function searchCompact(response: SearchResponse, voice: Voice): string {
  const lines = [searchHeading(response)];
  for (const hit of response.results) {
    const [first, ...rest] = namedLine(hit);
    const at = first.indexOf('  │ ');
    const matched = `  [${matchedWords(hit)}]`;
    lines.push(at < 0 ? `${first}${matched}` : `${first.slice(0, at)}${matched}${first.slice(at)}`, ...rest);
  }
  return [...lines, ...searchNotes(response, voice)].join('\n');
}

export function searchIds(response: SearchResponse): string {
  return response.results.map((hit) => hit.id).join('\n');
}

/** The files of the results, best first, each once. */
export function searchFiles(response: SearchResponse): string {
  return [...new Set(response.results.map((hit) => hit.filePath))].join('\n');
}

function searchHeading(response: SearchResponse): string {
  const found = `${plural(response.total, 'declaration')} ${pluralWord(response.total, 'matches', 'match')}`;
  return `${found} ${response.words.join(' ')} (best first; ${plural(response.files, 'file')} indexed)`;
}

function searchNotes(response: SearchResponse, voice: Voice): string[] {
  const notes = cutNotes(response, response.results.length, response.total, 'declaration', voice);
  notes.push(...incompleteNote(response, 'part of the project was searched'));
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
export function grepText(response: GrepResponse, voice: Voice): string {
  const lines = underFiles(response.groups, (group) => [
    `  ${groupTitle(group)}${group.in.kind === 'Module' ? '' : `  ${group.in.id}`}`,
    ...group.matches.map((match) =>
      `    ${match.line}:${match.character}  ${match.preview ?? ''}${lineLength(match)}`.trimEnd(),
    ),
    ...(group.matches.length < group.count ? [`    … ${plural(group.count - group.matches.length, 'more line')}`] : []),
  ]);
  return [...lines, ...grepSummary(response, voice)].join('\n');
}

/**
 * Agents: each file once, then its lines as `line: text`, the first line of each declaration prefixed with its name
 * (`60 getConnInfo: const xff = …`). The path is not repeated on every line as rg repeats it, which is what makes
 * this fewer tokens than `rg -n` for the same lines (docs/search.md); kinds and ids are in text, ids and JSON.
 */
export function grepCompact(response: GrepResponse, voice: Voice): string {
  const lines = underFiles(response.groups, (group) => {
    const name = `${groupName(group)}${group.matches.length < group.count ? ` (${group.count})` : ''}`;
    const [first, ...rest] = group.matches;
    if (first === undefined) return [name];
    if (first.preview === undefined) return [`${name}: ${group.matches.map((match) => match.line).join(' ')}`];
    return [
      `${first.line} ${name}: ${first.preview}${lineLength(first)}`,
      ...rest.map((match) => `${match.line}: ${match.preview}${lineLength(match)}`),
    ];
  });
  return [...lines, ...grepSummary(response, voice)].join('\n');
}

/** A long line's preview is a glimpse of it: said, so nobody takes it for the line. */
function lineLength(match: GrepMatch): string {
  return match.lineLength === undefined ? '' : `  [line of ${match.lineLength} characters]`;
}

/** Each group's lines, with its file's path before the first group of each file (groups come in file order). */
function underFiles(groups: GrepGroup[], render: (group: GrepGroup) => string[]): string[] {
  return groups.flatMap((group, index) => [
    ...(index === 0 || groups[index - 1].filePath !== group.filePath ? [group.filePath] : []),
    ...render(group),
  ]);
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

/** The files with a matching line, in path order (rg -l). */
export function grepFiles(response: GrepResponse): string {
  return [...new Set(response.groups.map((group) => group.filePath))].join('\n');
}

function groupName(group: GrepGroup): string {
  return group.in.container !== undefined ? `${group.in.container}.${group.in.name}` : group.in.name;
}

function groupTitle(group: GrepGroup): string {
  return group.in.kind === 'Module' ? groupName(group) : `${group.in.kind} ${groupName(group)}`;
}

function grepSummary(response: GrepResponse, voice: Voice): string[] {
  const lines = plural(response.totalMatches, 'matching line');
  const declarations = plural(response.totalGroups, 'declaration');
  const notes = [
    `${lines} in ${declarations}, ${response.filesMatched} of ${plural(response.filesSearched, 'file')}`,
    ...cutNotes(
      response,
      response.groups.reduce((sum, group) => sum + group.matches.length, 0),
      response.totalMatches,
      'line',
      voice,
    ),
  ];
  notes.push(...incompleteNote(response, 'the search stopped early'));
  return notes;
}
