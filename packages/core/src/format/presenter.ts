import type { TokenMeasure } from '../output/budget.js';
import { estimateJsonTokens, estimateTokens } from '../output/token-estimate.js';
import type { FindResponse, OtherMatches, UnmatchedScope } from '@cn/protocol';
import { outsideInLine } from './find-groups.js';
import { escapeAnswerControls, jsonText } from './control-characters.js';
import { noUseLine, otherFilesLine, otherMatchesLine } from './other-matches.js';
import { CLI_VOICE, type Voice } from './voice.js';

/**
 * json: the contract (the HTTP answer itself); text: for people; compact: the fewest tokens that keep every
 * id, one line per result; ids: one id per line, for pipes; tree: a graph as an indented tree; files: the
 * distinct files of an answer, one per line; names: each name once with its lines, the fewest tokens of all.
 */
export const ANSWER_FORMATS = ['json', 'text', 'compact', 'ids', 'tree', 'files', 'names'] as const;
export type AnswerFormat = (typeof ANSWER_FORMATS)[number];

/**
 * How one command's answer prints in each format it offers, and how it shrinks to a token budget. The CLI
 * and the MCP server print through the same presenter, so `cn find X --format compact` and `cn_find
 * { format: "compact" }` are the same text. json is always offered; a format without a renderer is not.
 */
export interface Presenter<T> {
  // Properties, not methods: they are handed out as plain functions, so none may use `this`. `voice`: whose words
  // the hints are in (the CLI's flags or an MCP client's arguments).
  text: (answer: T, voice: Voice) => string;
  compact: (answer: T, voice: Voice) => string;
  ids?: (answer: T, voice: Voice) => string;
  tree?: (answer: T, voice: Voice) => string;
  files?: (answer: T, voice: Voice) => string;
  names?: (answer: T, voice: Voice) => string;
  /** `--max-tokens`: the answer shrunk in stages until `measure` (the printed form) fits; absent: no budget. */
  fit?: (answer: T, maxTokens: number, measure: TokenMeasure<T>) => T;
}

/** The formats a presenter prints, in ANSWER_FORMATS order. */
export function formatsOf(presenter: { [Format in AnswerFormat]?: unknown }): AnswerFormat[] {
  return ANSWER_FORMATS.filter((format) => format === 'json' || presenter[format] !== undefined);
}

/**
 * How one format prints an answer. Every format is safe on a terminal: json by its own escapes, the others by
 * printing the answer with the control characters of its strings made visible (control-characters.ts).
 */
export function rendererFor<T>(
  presenter: Presenter<T>,
  format: AnswerFormat,
  voice: Voice = CLI_VOICE,
): (answer: T) => string {
  if (format === 'json') return jsonText;
  const render = presenter[format];
  if (!render) throw new Error(`no ${format} rendering`);
  // ids and files feed pipes: their reader (the CLI) says the warnings on stderr instead.
  const warned = format !== 'ids' && format !== 'files';
  return (answer) => {
    const shown = escapeAnswerControls(answer);
    const output = render(shown, voice);
    const warnings = warned ? unmatchedLines(shown, voice) : [];
    return warnings.length > 0 ? [...warnings, output].join('\n') : output;
  };
}

/**
 * `warning: --refs-not-in '**\/*.test.tsx' matches no project file`: a filter that kept or left out nothing,
 * first in every answer that reads as text (the answer is otherwise read as filtered), in the reader's words.
 */
export function unmatchedLines(answer: unknown, voice: Voice): string[] {
  const unmatched = (answer as { unmatched?: UnmatchedScope[] } | undefined)?.unmatched ?? [];
  return unmatched.map(
    ({ field, pattern }) =>
      `warning: ${field === 'paths' ? 'path' : voice.option(field)} '${pattern}' matches no project file`,
  );
}

/**
 * What `rg -w` of the asked name would also hit (find, calls, impl and type by name): a line in every format that
 * reads as text; ids and files feed pipes, so their reader says it on stderr, as it does the warnings: for files, the
 * files `rg -lw` would add. Agents asked for `--format files` and, without the line, ran that rg themselves.
 */
export function wordMatchLines(answer: unknown, format: AnswerFormat, voice: Voice = CLI_VOICE): string[] {
  const shown = escapeAnswerControls(answer as (Partial<FindResponse> & { otherMatches?: OtherMatches }) | undefined);
  const outside = shown?.referencesOutsideIn ? outsideInLine(shown as FindResponse, voice) : [];
  return [
    ...outside,
    ...(format === 'files' ? otherFilesLine(shown?.otherMatches) : otherMatchesLine(shown?.otherMatches)),
    ...(shown?.query !== undefined && shown.references !== undefined ? noUseLine(shown as FindResponse) : []),
  ];
}

/** What a budget counts: the estimate of exactly what will be printed. */
export function measureFor<T>(render: (answer: T) => string, format: AnswerFormat): TokenMeasure<T> {
  return format === 'json' ? estimateJsonTokens : (answer) => estimateTokens(render(answer));
}

/** The answer fitted to `maxTokens` (when given and the presenter has a budget) and printed in `format`. */
export function present<T>(
  presenter: Presenter<T>,
  answer: T,
  format: AnswerFormat,
  maxTokens?: number,
  voice: Voice = CLI_VOICE,
): { answer: T; output: string } {
  const render = rendererFor(presenter, format, voice);
  const shown =
    maxTokens !== undefined && presenter.fit ? presenter.fit(answer, maxTokens, measureFor(render, format)) : answer;
  return { answer: shown, output: render(shown) };
}
