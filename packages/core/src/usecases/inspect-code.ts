import type { ExpandMode, InspectRequest, InspectResponse } from '../contract.js';
import { badInput } from '../domain/errors.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { SourceFiles } from '../ports/source-files.js';
import { relatedSymbols } from '../inspect/related-symbols.js';
import { selectBlock, surround, type LineSpan } from '../inspect/select-block.js';
import { resolveTargetPosition } from './target-position.js';

export const DEFAULT_CONTEXT_LINES = 5;
const MAX_CONTEXT_LINES = 500;

/**
 * `cn inspect <id>`: the code around a place. `block` gives the smallest declaration or folding
 * region holding it (falling back to surround when it is in none); `surround` gives N lines either side.
 */
export async function inspectCode(
  deps: { engine: CodeIntelligence; files: SourceFiles; paths: ProjectPaths },
  request: InspectRequest,
): Promise<InspectResponse> {
  const expand: ExpandMode = request.expand ?? 'block';
  if (expand !== 'block' && expand !== 'surround') throw badInput(`unknown expand mode '${expand}'`, 'use --expand block or --expand surround');
  const context = request.context ?? DEFAULT_CONTEXT_LINES;
  if (!Number.isInteger(context) || context < 0 || context > MAX_CONTEXT_LINES) {
    throw badInput(`context must be a whole number from 0 to ${MAX_CONTEXT_LINES}, not ${context}`);
  }
  const { filePath, position, text } = await resolveTargetPosition(deps, request.id);
  let span: LineSpan | undefined;
  if (expand === 'block') {
    const [outline, folds] = await Promise.all([deps.engine.outline(filePath), deps.engine.foldingSpans(filePath)]);
    span = selectBlock(position.line, outline, folds, text);
  }
  const chosen = span ?? surround(position.line, context, text);
  const code = text.slice(chosen.startLine, chosen.endLine);
  return {
    result: {
      filePath: deps.paths.toRelative(filePath),
      range: { startLine: chosen.startLine, endLine: chosen.endLine },
      expand: span ? 'block' : 'surround',
      code,
      relatedSymbols: relatedSymbols(code),
    },
  };
}
