import type {
  ExpandMode,
  InspectManyRequest,
  InspectManyResponse,
  InspectManyResult,
  InspectRequest,
  InspectResponse,
  InspectResult,
} from '@cn/protocol';
import { badInput, toErrorBody } from '../domain/errors.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { FoldingSpan, OutlineNode } from '../domain/symbols.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { SourceFiles } from '../ports/source-files.js';
import { relatedSymbols } from '../inspect/related-symbols.js';
import { selectBlock, selectDeclaration, surround, type Block } from '../inspect/select-block.js';
import { formatLocationId } from '../domain/ids.js';
import { boundedMap } from '../bounded-map.js';
import { checkMaxTokens } from '../output/budget.js';
import { fitInspect, fitInspectMany } from '../output/inspect-budget.js';
import { resolveTargetPosition } from './target-position.js';
import { resolveSourceFile } from './resolve-source.js';

export const DEFAULT_CONTEXT_LINES = 5;
const MAX_CONTEXT_LINES = 500;
/** Ids per request: far more than any block list an agent reads, small enough to answer in seconds. */
export const MAX_INSPECT_IDS = 5000;
/** Characters in one id: a path and two numbers, with room for any real path. */
export const MAX_ID_LENGTH = 8192;

const INSPECT_WIDTH = 16;

type Deps = { engine: CodeIntelligence; files: SourceFiles; paths: ProjectPaths };
type Structure = Promise<{ outline: OutlineNode[]; folds: FoldingSpan[] }>;

/**
 * `cn inspect <id>`: the code around a place. `block` gives the smallest declaration or folding
 * region holding it (falling back to surround when it is in none); `declaration` the smallest declaration cn map
 * lists (falling back to block, then surround); `surround` gives N lines either side. The answer's `expand` says
 * which one it is.
 */
export async function inspectCode(deps: Deps, request: InspectRequest): Promise<InspectResponse> {
  const options = checkOptions(request);
  const maxTokens = checkMaxTokens(request.maxTokens);
  const response = { result: await inspectOne(deps, request.id, options, new Map()) };
  return maxTokens === undefined ? response : fitInspect(response, maxTokens);
}

/**
 * `cn inspect id id …` or ids on stdin: one block per distinct place, in input order. Ids landing in
 * the same block (ten references inside one function) give that block once, listing every id;
 * an id that fails is reported in `failures` and the rest are still answered.
 */
export async function inspectMany(deps: Deps, request: InspectManyRequest): Promise<InspectManyResponse> {
  const options = checkOptions(request);
  const maxTokens = checkMaxTokens(request.maxTokens);
  if (!Array.isArray(request.ids) || request.ids.length === 0)
    throw badInput('no ids given', 'pass ids as arguments or one per line on stdin');
  if (request.ids.length > MAX_INSPECT_IDS)
    throw badInput(
      `too many ids (${request.ids.length}, at most ${MAX_INSPECT_IDS})`,
      'split the list or narrow the search',
    );
  if (request.limit !== undefined && (!Number.isInteger(request.limit) || request.limit < 1)) {
    throw badInput(`limit must be a whole number of 1 or more, not ${request.limit}`);
  }
  const structures = new Map<string, Structure>();
  const ids = distinctIds(request.ids);
  const answers = await boundedMap(ids, INSPECT_WIDTH, (id) =>
    inspectOne(deps, id, options, structures).then(
      (result) => ({ id, result }),
      (error: unknown) => ({ id, error }),
    ),
  );
  const blocks = new Map<string, InspectManyResult>();
  const failures: InspectManyResponse['failures'] = [];
  for (const answer of answers) {
    if ('error' in answer) {
      const { error } = toErrorBody(answer.error);
      failures.push({ id: answer.id, kind: error.kind, message: error.message });
      continue;
    }
    const key = inspectBlockKey(answer.result);
    const block = blocks.get(key);
    if (block) block.ids.push(answer.id);
    else blocks.set(key, { ...answer.result, ids: [answer.id] });
  }
  const all = [...blocks.values()];
  const results = request.limit === undefined ? all : all.slice(0, request.limit);
  const response = {
    results,
    failures,
    total: all.length,
    ...(results.length < all.length ? { truncated: true as const } : {}),
  };
  return maxTokens === undefined ? response : fitInspectMany(response, maxTokens);
}

/** Each id once, as given but trimmed, in first-seen order; blank lines are no ids. */
export function distinctIds(ids: string[]): string[] {
  return [...new Set(ids.map((id) => id.trim()).filter((id) => id !== ''))];
}

/** Ids landing in the same block share one result: this names the block. */
export function inspectBlockKey(result: InspectResult): string {
  return `${result.filePath}:${result.range.startLine}-${result.range.endLine}`;
}

type InspectOptions = { expand: ExpandMode; context: number; withCode: boolean };

/** `--expand`, block when absent: the CLI checks it too, so a wrong one is said with the flag, not the field. */
export function checkExpandMode(expand: string | undefined): ExpandMode {
  if (expand === undefined) return 'block';
  if (expand !== 'block' && expand !== 'declaration' && expand !== 'surround')
    throw badInput(`unknown expand mode '${expand}'`, 'use --expand block, declaration or surround');
  return expand;
}

function checkOptions(request: { expand?: ExpandMode; context?: number; code?: boolean }): InspectOptions {
  const expand = checkExpandMode(request.expand);
  const context = request.context ?? DEFAULT_CONTEXT_LINES;
  if (!Number.isInteger(context) || context < 0 || context > MAX_CONTEXT_LINES) {
    throw badInput(`context must be a whole number from 0 to ${MAX_CONTEXT_LINES}, not ${context}`);
  }
  if (request.code !== undefined && typeof request.code !== 'boolean') throw badInput('code must be true or false');
  return { expand, context, withCode: request.code !== false };
}

async function inspectOne(
  deps: Deps,
  id: string,
  { expand, context, withCode }: InspectOptions,
  structures: Map<string, Structure>,
): Promise<InspectResult> {
  const lines = LINE_RANGE.exec(id.trim());
  if (lines) return lineRange(deps, lines[1], Number(lines[2]), Number(lines[3]), withCode);
  const { filePath, position, text } = await resolveTargetPosition(deps, id);
  let span: Block | undefined;
  let shape: ExpandMode = 'surround';
  if (expand !== 'surround') {
    let structure = structures.get(filePath);
    if (!structure) {
      structure = Promise.all([deps.engine.outline(filePath), deps.engine.foldingSpans(filePath)]).then(
        ([outline, folds]) => ({ outline, folds }),
      );
      structures.set(filePath, structure);
    }
    const { outline, folds } = await structure;
    const declaration = expand === 'declaration' ? selectDeclaration(position.line, outline, text) : undefined;
    span = declaration ?? selectBlock(position.line, outline, folds, text);
    if (span) shape = declaration ? 'declaration' : 'block';
  }
  const chosen = span ?? surround(position.line, context, text);
  const relative = deps.paths.toRelative(filePath);
  // The declaration's own id when the block is one, so the block can be asked about (cn find <id>).
  const at = span?.name ?? position;
  const result: InspectResult = {
    id: formatLocationId(relative, at.line, at.character),
    filePath: relative,
    range: { startLine: chosen.startLine, endLine: chosen.endLine },
    expand: shape,
  };
  if (!withCode) return result;
  const code = text.slice(chosen.startLine, chosen.endLine);
  return { ...result, code, relatedSymbols: relatedSymbols(code) };
}

/** `path:173-200`: those lines, as sed -n would print them (agents read a range a map gave with sed). */
const LINE_RANGE = /^([^:]+):(\d+)-(\d+)$/;
/** Lines one range may ask for: a whole large file is cn map's and cn search's business. */
export const MAX_RANGE_LINES = 2000;

async function lineRange(
  deps: Deps,
  file: string,
  startLine: number,
  endLine: number,
  withCode: boolean,
): Promise<InspectResult> {
  const filePath = await resolveSourceFile(deps.files, file);
  const text = await deps.files.readSource(filePath);
  const relative = deps.paths.toRelative(filePath);
  if (startLine < 1 || endLine < startLine)
    throw badInput(`bad line range ${startLine}-${endLine}`, `give path:start-end with 1 <= start <= end`);
  if (startLine > text.lineCount)
    throw badInput(
      `line ${startLine} is past the end of ${relative} (${text.lineCount} lines)`,
      'the file may have changed; run cn map again for fresh lines',
    );
  if (endLine - startLine + 1 > MAX_RANGE_LINES)
    throw badInput(`${endLine - startLine + 1} lines asked, at most ${MAX_RANGE_LINES}`, 'ask for a smaller range');
  const last = Math.min(endLine, text.lineCount);
  const result: InspectResult = {
    id: formatLocationId(relative, startLine, 1),
    filePath: relative,
    range: { startLine, endLine: last },
    expand: 'lines',
  };
  if (!withCode) return result;
  const code = text.slice(startLine, last);
  return { ...result, code, relatedSymbols: relatedSymbols(code) };
}
