/**
 * Request bodies as the CLI and the MCP server both send them. Each front end turns its own options into
 * values (flags vs tool arguments, paths made root-relative or absolute), then builds the body here, so
 * both send the same request for the same question and a default is never sent: the daemon's defaults
 * stay the only ones.
 */
import type { DiagnosticsResponse } from './diagnostics.js';
import type { RequestOf, RouteName } from './routes.js';

/** Values that mean "the default": left out of the request. An empty list counts as absent too. */
const DEFAULTS: { [Name in RouteName]?: Partial<Record<keyof NonNullable<RequestOf<Name>>, unknown>> } = {
  find: { exact: false, refs: 'all' },
  map: { locals: false, modifiers: [] },
  inspect: { code: true },
  calls: { exact: false, targets: [] },
  impl: { exact: false },
  type: { exact: false },
  unused: { exported: false },
  grep: { ignoreCase: false, word: false, fixed: false, codeOnly: false, paths: [] },
};

/** `options` without its undefined fields and defaults, typed as the route's request. */
export function requestBody<Name extends RouteName, Body extends NonNullable<RequestOf<Name>>>(
  name: Name,
  options: Body,
): Body {
  const defaults: Record<string, unknown> = DEFAULTS[name] ?? {};
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || isDefault(value, defaults[key])) continue;
    body[key] = value;
  }
  return body as Body;
}

function isDefault(value: unknown, fallback: unknown): boolean {
  if (Array.isArray(value)) return Array.isArray(fallback) && value.length === 0;
  return value === fallback;
}

/** Files per /diagnostics request when checking the whole project: no single request runs into the timeout. */
export const DIAGNOSTICS_PAGE_SIZE = 100;

/**
 * Pages through the whole project's diagnostics, merged into one answer as one request would give it.
 * `onPage` sees the running total after each page that leaves more to check (the CLI reports progress).
 */
export async function allDiagnostics(
  fetchPage: (page: { offset: number; limit: number }) => Promise<DiagnosticsResponse>,
  onPage?: (soFar: DiagnosticsResponse) => void,
): Promise<DiagnosticsResponse> {
  const merged: DiagnosticsResponse = { diagnostics: [], filesChecked: 0, totalFiles: 0 };
  let offset: number | undefined = 0;
  while (offset !== undefined) {
    const page: DiagnosticsResponse = await fetchPage({ offset, limit: DIAGNOSTICS_PAGE_SIZE });
    merged.diagnostics.push(...page.diagnostics);
    merged.filesChecked += page.filesChecked;
    merged.totalFiles = page.totalFiles;
    offset = page.nextOffset;
    if (offset !== undefined) onPage?.(merged);
  }
  return merged;
}
