import type { FindResponse } from '@cn/protocol';
import { EVERY_NAME } from '../usecases/symbol-patterns.js';
import { namedLine } from './compact.js';
import { containerNote, cutNotes, plural, pluralWord } from './notes.js';
import type { Voice } from './voice.js';

/**
 * A pattern's answer (`cn find "*Router"`, `cn find --kind interface --in src`) is a list, not a
 * definition with references: each format says how many matched and that references were not searched.
 */
function heading(response: FindResponse, voice: Voice): string {
  const total = response.totalCandidates ?? response.candidates.length;
  const shown = response.candidates.length < total ? ` (showing ${response.candidates.length})` : '';
  const atLeast = response.totalCandidatesAtLeast ? 'at least ' : '';
  const symbols = `${atLeast}${plural(total, 'symbol')}`;
  // `*` is what a listing by --kind/--in sends: no pattern to repeat.
  const matched =
    response.query === EVERY_NAME
      ? `${symbols} listed`
      : `${symbols} ${pluralWord(total, 'matches', 'match')} '${response.query}'`;
  return `${matched}${shown}; refs not searched (${voice.ask('find', '<id>')} for one)`;
}

export function patternText(response: FindResponse, voice: Voice): string {
  const lines = [heading(response, voice)];
  for (const candidate of response.candidates) {
    lines.push(`  ${candidate.kind} ${candidate.name}${containerNote(candidate)}  ${candidate.id}`);
    if (candidate.snippet !== undefined) lines.push(...candidate.snippet.split('\n').map((line) => `    ${line}`));
  }
  return [...lines, ...notes(response, voice)].join('\n');
}

export function patternCompact(response: FindResponse, voice: Voice): string {
  const lines = [heading(response, voice), ...response.candidates.flatMap((candidate) => namedLine(candidate))];
  return [...lines, ...notes(response, voice)].join('\n');
}

export function patternIds(response: FindResponse): string {
  return response.candidates.map((candidate) => candidate.id).join('\n');
}

/** `--format files`: the distinct files the matches are declared in. */
export function patternFiles(response: FindResponse): string {
  return [...new Set(response.candidates.map((candidate) => candidate.filePath))].join('\n');
}

function notes(response: FindResponse, voice: Voice): string[] {
  const total = response.totalCandidates ?? response.candidates.length;
  if (!response.totalCandidatesAtLeast) return cutNotes(response, response.candidates.length, total, 'symbol', voice);
  // Not counted to the end: how many more is not known, only that the kind of some is settled by reading them.
  return [
    `… more symbols may match: the listing stopped at its best ${response.candidates.length} (raise ${voice.option('limit')} for more)`,
    ...cutNotes({ budget: response.budget }, 0, 0, 'symbol', voice),
  ];
}
