import type {
  Candidate,
  FindResponse,
  InspectManyResponse,
  InspectResponse,
  MapResponse,
  StatusResponse,
  NotRunningStatus,
  UnresponsiveStatus,
} from '@cn/protocol';
import { describeProgress } from './progress-text.js';
import { groupLines, leftOutNote } from './find-many.js';
import type { ReferenceFields } from '../usecases/find-references.js';
import { ambiguityLeft, moreDefinitionsHeading, outsideInLine, throughLine } from './find-groups.js';
import { noUseLine, otherMatchesText } from './other-matches.js';
import {
  budgetNote,
  containerNote,
  cutNotes,
  groupByFile,
  incompleteNote,
  kindColumn,
  place,
  plural,
  previewOf,
} from './notes.js';
import { lineSpan, mapHeading, outlineSpan } from './outline-lines.js';
import type { Voice } from './voice.js';

/** What an answer that says `complete: false` without a reason left out. */
export const PART_NOT_SEARCHED = 'part of the project was not searched';

/** `--format text`: for people reading a terminal. JSON stays the contract for programs. */
export function mapText(response: MapResponse, voice: Voice): string {
  const lines = [mapHeading(response, '  ')];
  const width = Math.max(1, ...response.symbols.map((s) => lineSpan(s).length));
  const kindWidth = kindColumn(response.symbols);
  // Nesting comes from container names: a symbol sits under the nearest open symbol it names.
  const open: Array<{ name: string; endLine: number }> = [];
  for (const symbol of response.symbols) {
    while (open.length > 0 && open[open.length - 1].endLine < symbol.line) open.pop();
    if (symbol.container === undefined) open.length = 0;
    else if (open.some((entry) => entry.name === symbol.container)) {
      while (open[open.length - 1].name !== symbol.container) open.pop();
    }
    const modifiers = symbol.modifiers?.length ? `  (${symbol.modifiers.join(' ')})` : '';
    const span = symbol.kind === 'Export' ? outlineSpan(symbol) : lineSpan(symbol);
    lines.push(
      `${lineSpan(symbol).padStart(width)}  ${'  '.repeat(open.length)}${symbol.kind.padEnd(kindWidth)} ${symbol.name}${modifiers}${symbol.kind === 'Export' ? `  ${span}` : ''}`,
    );
    if (symbol.snippet !== undefined)
      lines.push(
        ...symbol.snippet.split('\n').map((line) => `${' '.repeat(width + 4)}${'  '.repeat(open.length)}${line}`),
      );
    open.push({ name: symbol.name, endLine: symbol.endLine });
  }
  if (response.kinds)
    lines.push(
      `kinds: ${Object.entries(response.kinds)
        .map(([kind, count]) => `${kind} ${count}`)
        .join(', ')}`,
    );
  lines.push(
    ...cutNotes(response, response.symbols.length, response.total ?? response.symbols.length, 'symbol', voice),
  );
  return lines.join('\n');
}

export function findText(response: FindResponse, voice: Voice): string {
  const lines: string[] = [...moreDefinitionsHeading(response)];
  const definition = response.definition;
  if (!definition) {
    if (response.refs !== 'only') lines.push(`no definition found for '${response.query}'${didYouMean(response)}`);
  } else lines.push(...definitionText(definition), ...throughLine(response).map((line) => `  ${line}`));
  if (ambiguityLeft(response))
    lines.push(`ambiguous   other matches rank as high; re-ask with ${voice.ask('find', '<id>')} or Container.name`);
  if (response.refs !== 'none') lines.push(...referencesText(response, voice));
  for (const group of response.moreDefinitions ?? []) {
    lines.push(...definitionText(group.definition));
    if (response.refs !== 'none') lines.push(...referencesText(group, voice));
  }
  lines.push(
    ...outsideInLine(response, voice),
    ...otherMatchesText(response.otherMatches),
    ...noUseLine(response).map((line) => `imports     ${line}`),
  );
  if (response.candidates.length > 0) {
    const total = Math.max(response.totalCandidates ?? 0, response.candidates.length);
    const shown = total > response.candidates.length ? `, ${response.candidates.length} shown` : '';
    lines.push(`${plural(total, 'other match', 'other matches')}${shown} (re-ask with ${voice.ask('find', '<id>')})`);
    for (const candidate of response.candidates)
      lines.push(`  ${candidate.kind} ${candidate.name}${containerNote(candidate)}  ${candidate.id}`);
  }
  lines.push(...budgetNote(response), ...incompleteNote(response, PART_NOT_SEARCHED));
  return lines.join('\n');
}

function definitionText(definition: Candidate): string[] {
  const doc = definition.docLines ? `; doc ${definition.docLines[0]}-${definition.docLines[1]}` : '';
  const span = definition.endLine !== undefined ? `  (lines ${definition.line}-${definition.endLine}${doc})` : '';
  const lines = [
    `definition  ${definition.kind} ${definition.name}${containerNote(definition)}  ${place(definition)}${span}`,
  ];
  if (definition.snippet !== undefined) lines.push(...definition.snippet.split('\n').map((line) => `  ${line}`));
  else if (previewOf(definition) !== undefined) {
    lines.push(`  ${previewOf(definition)}`);
    if (definition.endPreview !== undefined) lines.push(`  ┆ ${definition.endLine}: ${definition.endPreview}`);
  }
  return lines;
}

/** `references  14 in 2 files (showing 4)`, then the references under their file, then what was left out. */
function referencesText(part: ReferenceFields, voice: Voice): string[] {
  const files = groupByFile(part.references);
  const symbols = part.referenceSymbols;
  const groups =
    part.totalGroups ?? symbols?.length ?? part.totalReferenceFiles ?? part.referenceFiles?.length ?? files.size;
  const grouped = symbols !== undefined || part.referenceFiles !== undefined;
  const shown = !grouped && part.references.length < part.totalReferences ? ` (showing ${part.references.length})` : '';
  const lines = [`references  ${part.totalReferences} in ${plural(groups, symbols ? 'symbol' : 'file')}${shown}`];
  lines.push(...groupLines(part, 'text'));
  // The place as wide as the widest, so the roles and previews line up (the longest role, declaration, is 11).
  const placeWidth = Math.max(0, ...part.references.map((ref) => `${ref.line}:${ref.character}`.length));
  for (const [file, refs] of files) {
    lines.push(`  ${file}`);
    for (const ref of refs) {
      const module = ref.from !== undefined ? `  ┆ from '${ref.from}'` : '';
      const preview = previewOf(ref) !== undefined ? `  ${previewOf(ref)}${module}` : '';
      const within = ref.in.kind === 'Module' ? '' : `  (in ${ref.in.name})`;
      const at = `${ref.line}:${ref.character}`.padEnd(placeWidth);
      lines.push(`    ${at}  ${ref.role.padEnd(11)}${preview}${within}`.trimEnd());
    }
  }
  lines.push(...leftOutNote(part, voice).map((note) => `  ${note}`));
  return lines;
}

export function inspectText(response: InspectResponse | InspectManyResponse, voice: Voice): string {
  const results = 'result' in response ? [response.result] : response.results;
  const blocks = results.map(({ filePath, range, code, relatedSymbols, expand }) => {
    const width = String(range.endLine).length;
    const body =
      code === undefined
        ? []
        : code.split('\n').map((line, index) => `${String(range.startLine + index).padStart(width)} │ ${line}`);
    const related = relatedSymbols?.length ? [`related: ${relatedSymbols.join(', ')}`] : [];
    return [`${filePath}:${range.startLine}-${range.endLine}  (${expand})`, ...body, ...related].join('\n');
  });
  if ('results' in response) {
    for (const failure of response.failures) blocks.push(`failed  ${failure.id}: ${failure.message}`);
    blocks.push(cutNotes(response, response.results.length, response.total, 'block', voice).join('\n'));
  } else blocks.push(cutNotes(response, 1, 1, 'block', voice).join('\n'));
  return blocks.filter((block) => block !== '').join('\n\n');
}

export function statusText(status: StatusResponse | UnresponsiveStatus | NotRunningStatus): string {
  if (!status.running)
    return `cn daemon  not running  (root ${status.root}${status.stalePortFile ? '; its port file is stale' : ''})`;
  if ('responding' in status)
    return `cn daemon  not responding  pid ${status.pid}  port ${status.port}  (root ${status.root}; cn stop ends it)`;
  const rows: Array<[string, string]> = [
    ['cn daemon', `running  pid ${status.pid}  port ${status.port}  version ${status.version}`],
    ['root', status.root],
    [
      'state',
      status.state +
        (status.progress ? `  (${describeProgress(status.progress)})` : '') +
        (status.lastError ? `  (last error: ${status.lastError})` : ''),
    ],
    ['uptime', `${status.uptimeSeconds} s`],
    ['engine', engineLine(status)],
    ...notHonouredRows(status),
    ...projectRows(status.projects),
    [
      'loose files',
      status.looseFilesLeftOut
        ? `${status.looseFiles} (${status.looseFilesLeftOut} more left out: past cn's cap, not searched)`
        : String(status.looseFiles),
    ],
    ['restarts', String(status.restarts)],
    ...memoryRows(status),
    ['idle stop', status.idleMinutes > 0 ? `after ${status.idleMinutes} min without requests` : 'never'],
    ['log', status.logFile],
  ];
  return rows.map(([key, value]) => `${key.padEnd(12)}${value}`).join('\n');
}

/**
 * `native: TypeScript 7.0.2 (auto: no tsconfig/jsconfig needs tsserver)`; after auto's hand-over, why the other engine
 * answers.
 */
function engineLine(status: StatusResponse): string {
  const versions =
    status.engine === 'native'
      ? `TypeScript ${status.typescriptVersion || '?'} (tsc --lsp)`
      : `typescript-language-server ${status.serverVersion || '?'}, TypeScript ${status.typescriptVersion || '?'} (${typescriptOrigin(status)})`;
  const reason = status.engineFallback
    ? `${status.engineFallback.reason}; ${status.engine} took over the whole root`
    : (status.engineReason ?? 'chosen');
  const why = status.engineMode === 'auto' ? `  (auto: ${reason})` : '';
  return `${status.engine}: ${versions}${why}`;
}

const MAX_NOT_HONOURED_ROWS = 10;

/** `unhonoured  test/ui/tsconfig.json: baseUrl (43 files), answered by native`: a row per config, the first ten. */
function notHonouredRows(status: StatusResponse): Array<[string, string]> {
  const configs = status.notHonoured ?? [];
  const rows = configs
    .slice(0, MAX_NOT_HONOURED_ROWS)
    .map(({ config, option, files }, index): [string, string] => [
      index === 0 ? 'unhonoured' : '',
      `${config}: ${option} (${files.toLocaleString('en-US')} file${files === 1 ? '' : 's'}), answered by ${status.engine}`,
    ]);
  const more = configs.length - rows.length;
  if (more > 0) rows.push(['', `and ${more} more (cn status --format json lists them)`]);
  return rows;
}

/** Which TypeScript tsserver runs, and whether the project's own code (its TypeScript, its plugins) may run. */
function typescriptOrigin(status: StatusResponse): string {
  if (!status.trustProject) return 'bundled; the project’s own TypeScript and plugins run only with --trust-project';
  return status.typescriptSource === 'project'
    ? 'project; trusted: its TypeScript and tsserver plugins run'
    : 'bundled; trusted, but the project has no node_modules/typescript';
}

/**
 * `memory  1,841 MB in 3 processes`, then one row per process: the daemon alone is a fraction of what a
 * project costs (its tsserver held 1.6 GB while the daemon held 196 MB).
 */
function memoryRows(status: StatusResponse): Array<[string, string]> {
  const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024).toLocaleString('en-US')} MB`;
  const count = status.processes.length;
  const width = Math.max(...status.processes.map((entry) => `${entry.name} (pid ${entry.pid})`.length));
  return [
    ['memory', `${megabytes(status.treeRssBytes)} in ${plural(count, 'process', 'processes')}`],
    ...status.processes.map((entry): [string, string] => [
      '',
      `  ${`${entry.name} (pid ${entry.pid})`.padEnd(width)}  ${megabytes(entry.rssBytes).padStart(9)}`,
    ]),
  ];
}

/** One project on its row; several counted, then one a row as the processes are (41 on one line were unreadable). */
function projectRows(projects: string[]): Array<[string, string]> {
  if (projects.length <= 1) return [['projects', projects[0] ?? '(none)']];
  return [['projects', String(projects.length)], ...projects.map((project): [string, string] => ['', `  ${project}`])];
}

/** ` — did you mean mergePath?` when the name matched nothing but something close exists. */
export function didYouMean(response: FindResponse): string {
  return response.didYouMean && response.didYouMean.length > 0
    ? ` — did you mean ${response.didYouMean.join(', ')}?`
    : '';
}
