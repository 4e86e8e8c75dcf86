import type { FindResponse, InspectResponse, LocationRef, MapResponse, StatusResponse } from '@cn/core';

/** `--format text`: for people reading a terminal. JSON stays the contract for programs. */
export function mapText(response: MapResponse): string {
  const lines = [`${response.filePath}  (${response.symbols.length} symbols)`];
  const width = String(Math.max(1, ...response.symbols.map((s) => s.line))).length;
  const containers: Array<{ name: string; endLine: number }> = [];
  for (const symbol of response.symbols) {
    while (containers.length > 0 && containers[containers.length - 1].endLine < symbol.line) containers.pop();
    const level = symbol.container !== undefined ? containers.length : 0;
    lines.push(`${String(symbol.line).padStart(width)}  ${'  '.repeat(level)}${symbol.kind.padEnd(11)} ${symbol.name}`);
    containers.push({ name: symbol.name, endLine: symbol.endLine });
  }
  return lines.join('\n');
}

export function findText(response: FindResponse): string {
  const lines: string[] = [];
  const definition = response.definition;
  if (!definition) {
    lines.push(`no definition found for '${response.query}'`);
  } else {
    const container = definition.container ? ` (in ${definition.container})` : '';
    lines.push(`definition  ${definition.kind} ${definition.name}${container}  ${place(definition)}`, `  ${definition.preview}`);
  }
  const files = groupByFile(response.references);
  const shown = response.references.length < response.totalReferences ? ` (showing ${response.references.length})` : '';
  lines.push(`references  ${response.totalReferences} in ${files.size} files${shown}`);
  for (const [file, refs] of files) {
    lines.push(`  ${file}`);
    for (const ref of refs) lines.push(`    ${ref.line}:${ref.character}  ${ref.preview}`);
  }
  if (response.candidates.length > 0) {
    lines.push('other matches (re-ask with cn find <id>)');
    for (const candidate of response.candidates) {
      const container = candidate.container ? ` (in ${candidate.container})` : '';
      lines.push(`  ${candidate.kind} ${candidate.name}${container}  ${candidate.id}`);
    }
  }
  return lines.join('\n');
}

export function inspectText(response: InspectResponse): string {
  const { filePath, range, code, relatedSymbols, expand } = response.result;
  const width = String(range.endLine).length;
  const body = code.split('\n').map((line, index) => `${String(range.startLine + index).padStart(width)} │ ${line}`);
  const related = relatedSymbols.length > 0 ? [`related: ${relatedSymbols.join(', ')}`] : [];
  return [`${filePath}:${range.startLine}-${range.endLine}  (${expand})`, ...body, ...related].join('\n');
}

export function statusText(status: StatusResponse | { running: false; root: string }): string {
  if (!status.running) return `cn daemon  not running  (root ${status.root})`;
  const rows: Array<[string, string]> = [
    ['cn daemon', `running  pid ${status.pid}  port ${status.port}  version ${status.version}`],
    ['root', status.root],
    ['state', status.state + (status.lastError ? `  (last error: ${status.lastError})` : '')],
    ['uptime', `${status.uptimeSeconds} s`],
    ['engine', `typescript-language-server ${status.serverVersion || '?'}, TypeScript ${status.typescriptVersion || '?'} (${status.typescriptSource})`],
    ['projects', status.projects.length > 0 ? status.projects.join(', ') : '(none)'],
    ['loose files', String(status.looseFiles)],
    ['restarts', String(status.restarts)],
    ['memory', `${Math.round(status.rssBytes / 1024 / 1024)} MB (daemon process)`],
    ['log', status.logFile],
  ];
  return rows.map(([key, value]) => `${key.padEnd(12)}${value}`).join('\n');
}

function place(ref: LocationRef): string {
  return `${ref.filePath}:${ref.line}:${ref.character}`;
}

function groupByFile(refs: LocationRef[]): Map<string, LocationRef[]> {
  const files = new Map<string, LocationRef[]>();
  for (const ref of refs) {
    const list = files.get(ref.filePath) ?? [];
    list.push(ref);
    files.set(ref.filePath, list);
  }
  return files;
}
