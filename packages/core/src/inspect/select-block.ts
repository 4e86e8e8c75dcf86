import { DECLARING_CONTAINER_KINDS, type FoldingSpan, type OutlineNode } from '../domain/symbols.js';
import type { SourceText } from '../domain/source-text.js';

export interface LineSpan {
  startLine: number;
  endLine: number;
}

/** A block, and where the declaration it is names itself (absent for a folding region that is no declaration). */
export interface Block extends LineSpan {
  name?: { line: number; character: number };
}

/**
 * TypeScript's folding ranges stop on the line before a closing `}` (so the brace stays visible
 * when folded); a code block shown to a reader must include it.
 */
export function includeClosingLine(span: FoldingSpan, text: SourceText): LineSpan {
  const next = text.line(span.endLine + 1);
  if (next !== undefined && /^\s*[}\])]/.test(next)) return { startLine: span.startLine, endLine: span.endLine + 1 };
  return { startLine: span.startLine, endLine: span.endLine };
}

export function flattenOutline(nodes: OutlineNode[]): OutlineNode[] {
  const flat: OutlineNode[] = [];
  const visit = (node: OutlineNode) => {
    flat.push(node);
    node.children.forEach(visit);
  };
  nodes.forEach(visit);
  return flat;
}

/**
 * The smallest declaration or folding region containing the line, as whole lines. Declarations win
 * ties, so pointing at `export class Observable` gives the class from `export` to its brace. A line
 * that names a declaration gives that declaration whole: the folds that start on it (a multi-line
 * parameter list, a tuple type) are parts of its signature, not the block asked for. Folds within one
 * line (`[[T, Params][]]`) are never a block. Returns undefined when the line is in no block
 * (top-level statements), so callers fall back to surround.
 */
export function selectBlock(
  line: number,
  outline: OutlineNode[],
  folds: FoldingSpan[],
  text: SourceText,
): Block | undefined {
  const nodes = flattenOutline(outline);
  const toSpan = (node: OutlineNode): Block => ({
    startLine: node.range.start.line,
    endLine: node.range.end.line,
    name: node.selectionRange.start,
  });
  const named = smallestContaining(line, nodes.filter((node) => node.selectionRange.start.line === line).map(toSpan));
  if (named) return clampSpan(named, text);
  const regions = folds.filter((fold) => fold.endLine > fold.startLine).map((fold) => includeClosingLine(fold, text));
  const best = smallestContaining(line, [...nodes.map(toSpan), ...regions]);
  return best && clampSpan(best, text);
}

/**
 * `--expand declaration`: the smallest declaration holding the line among those `cn map` lists (the top level and
 * the members of classes, interfaces, enums and namespaces), so a line in an `if` of a method gives the method,
 * and one in a function inside it the method too. Undefined for a line in no declaration (a top-level call).
 */
export function selectDeclaration(line: number, outline: OutlineNode[], text: SourceText): Block | undefined {
  const listed: OutlineNode[] = [];
  const visit = (node: OutlineNode) => {
    listed.push(node);
    if (DECLARING_CONTAINER_KINDS.has(node.kind)) node.children.forEach(visit);
  };
  outline.forEach(visit);
  const best = smallestContaining(
    line,
    listed.map((node) => ({
      startLine: node.range.start.line,
      endLine: node.range.end.line,
      name: node.selectionRange.start,
    })),
  );
  return best && clampSpan(best, text);
}

function smallestContaining<Span extends LineSpan>(line: number, spans: Span[]): Span | undefined {
  let best: Span | undefined;
  for (const span of spans) {
    if (span.startLine > line || span.endLine < line) continue;
    if (!best || spanSize(span) < spanSize(best)) best = span;
  }
  return best;
}

export function surround(line: number, context: number, text: SourceText): LineSpan {
  return clampSpan({ startLine: line - context, endLine: line + context }, text);
}

function clampSpan<Span extends LineSpan>(span: Span, text: SourceText): Span {
  return { ...span, startLine: Math.max(1, span.startLine), endLine: Math.min(text.lineCount, span.endLine) };
}

function spanSize(span: LineSpan): number {
  return span.endLine - span.startLine;
}
