import type {
  FindResponse,
  GrepResponse,
  SearchResponse,
  InspectManyResponse,
  InspectResponse,
  MapResponse,
  StatusResponse,
  NotRunningStatus,
  UnresponsiveStatus,
  UnusedResponse,
} from '@cn/protocol';
import { fitFind, fitMap } from '../output/budget.js';
import { fitUnused } from '../output/budget-unused.js';
import { fitInspect, fitInspectMany } from '../output/inspect-budget.js';
import { fitGrep, fitSearch } from '../output/search-budget.js';
import { callsPresenter } from './calls-text.js';
import { findCompact, findIds, inspectCompact, inspectIds, mapCompact, mapIds } from './compact.js';
import { findFiles } from './find-many.js';
import { patternCompact, patternFiles, patternIds, patternText } from './find-pattern.js';
import { depsPresenter } from './deps-text.js';
import { diagnosticsPresenter, typePresenter } from './graph-text.js';
import { impactPresenter } from './impact-text.js';
import { implPresenter } from './impl-text.js';
import { overviewPresenter } from './overview.js';
import { renamePresenter } from './rename-text.js';
import { checkPresenter } from './check-text.js';
import { present, type AnswerFormat, type Presenter } from './presenter.js';
import { CLI_VOICE, type Voice } from './voice.js';
import { fileList } from './notes.js';
import {
  grepCompact,
  grepFiles,
  grepIds,
  grepText,
  searchCompact,
  searchFiles,
  searchIds,
  searchText,
} from './search-text.js';
import { findText, inspectText, mapText, statusText } from './text.js';
import { mapNames } from './outline-lines.js';
import { unusedCompact, unusedIds, unusedText } from './unused-text.js';

/** A pattern's answer (`cn find "*Router"`) is a list of matches; any other a definition with references. */
const findPresenter: Presenter<FindResponse> = {
  text: (answer, voice) => (answer.pattern ? patternText(answer, voice) : findText(answer, voice)),
  compact: (answer, voice) => (answer.pattern ? patternCompact(answer, voice) : findCompact(answer, voice)),
  ids: (answer) => (answer.pattern ? patternIds(answer) : findIds(answer)),
  files: (answer) => (answer.pattern ? patternFiles(answer) : findFiles(answer)),
  fit: fitFind,
};

/** One id answers `{ result }`, several `{ results, failures, … }`; each has its own budget. */
const inspectPresenter: Presenter<InspectResponse | InspectManyResponse> = {
  text: inspectText,
  compact: inspectCompact,
  ids: inspectIds,
  files: (answer) => fileList('result' in answer ? [answer.result] : answer.results),
  fit: (answer, maxTokens, measure) =>
    'result' in answer ? fitInspect(answer, maxTokens, measure) : fitInspectMany(answer, maxTokens, measure),
};

export type StatusAnswer = StatusResponse | UnresponsiveStatus | NotRunningStatus;

/**
 * How every command's answer prints, by command: `cn <command> --format <f>` and the MCP tool `cn_<command>`
 * with `format: <f>` both print through this table.
 */
export const PRESENTERS = {
  overview: overviewPresenter,
  map: {
    text: mapText,
    compact: mapCompact,
    ids: mapIds,
    files: (answer) => fileList(answer.symbols.length > 0 ? [answer] : []),
    names: mapNames,
    fit: fitMap,
  } satisfies Presenter<MapResponse>,
  find: findPresenter,
  inspect: inspectPresenter,
  calls: callsPresenter,
  impact: impactPresenter,
  impl: implPresenter,
  type: typePresenter,
  deps: depsPresenter,
  diagnostics: diagnosticsPresenter,
  unused: {
    text: unusedText,
    compact: unusedCompact,
    ids: unusedIds,
    files: (answer) => fileList(answer.files),
    fit: fitUnused,
  } satisfies Presenter<UnusedResponse>,
  search: {
    text: searchText,
    compact: searchCompact,
    ids: searchIds,
    files: searchFiles,
    fit: fitSearch,
  } satisfies Presenter<SearchResponse>,
  grep: {
    text: grepText,
    compact: grepCompact,
    ids: grepIds,
    files: grepFiles,
    fit: fitGrep,
  } satisfies Presenter<GrepResponse>,
  rename: renamePresenter,
  check: checkPresenter,
  // Its text is already a few short rows.
  status: { text: statusText, compact: statusText } satisfies Presenter<StatusAnswer>,
};

export type PresentedCommand = keyof typeof PRESENTERS;

/** The answer type a command's presenter prints. */
export type PresentedAnswer<C extends PresentedCommand> = Parameters<(typeof PRESENTERS)[C]['text']>[0];

/**
 * A command's answer as `--format` and `--max-tokens` ask: fitted (measured as printed), then printed. The one
 * place the CLI and the MCP server turn an answer into text.
 */
export function presentAnswer<C extends PresentedCommand>(
  command: C,
  answer: PresentedAnswer<C>,
  format: AnswerFormat,
  maxTokens?: number,
  voice: Voice = CLI_VOICE,
): { answer: PresentedAnswer<C>; output: string } {
  return present(PRESENTERS[command] as Presenter<PresentedAnswer<C>>, answer, format, maxTokens, voice);
}
