import type { GraphEdge, ImportStatement } from '@cn/protocol';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { SourceText } from '../domain/source-text.js';
import type { ModuleImport } from '../ports/import-graph.js';

/** A statement spread over more lines is shown from its specifier's line (mikro-orm has a list of 54 lines). */
const MAX_LINES_UP = 400;
/** Longer statements keep their start and their end (the specifier), the middle cut with `…`. */
const MAX_LENGTH = 120;
const HEAD_LENGTH = 50;
/** What may follow the closing quote and still belong to the statement: `)`, `;`, an import attribute. */
const TAIL_LENGTH = 30;

const STARTS_STATEMENT = /^\s*(?:import|export)\b/;
const NAMES_MODULE = /\b(?:import|export|require)\b/;

/**
 * The import statement around a module specifier (`line`/`character`: inside the string, at its first character, as
 * the import graph reports it): from the line where the statement starts (`import {` of a list spread over lines, or
 * the specifier's own line for `require('…')`, `import('…')`, `export * from '…'`) to the specifier's closing quote
 * and what closes the statement after it, on one line.
 */
export function importStatementAt(text: SourceText, line: number, character: number): ImportStatement {
  const specifierLine = text.line(line) ?? '';
  let first = line;
  if (!NAMES_MODULE.test(specifierLine.slice(0, Math.max(0, character - 1)))) {
    for (let up = line - 1; up >= Math.max(1, line - MAX_LINES_UP); up--) {
      if (STARTS_STATEMENT.test(text.line(up) ?? '')) {
        first = up;
        break;
      }
    }
  }
  const lines = text.lineRange(first, line - 1);
  lines.push(specifierLine.slice(0, statementEnd(specifierLine, character)));
  return { line: first, text: shorten(lines.map((part) => part.trim()).join(' ')) };
}

/** The end of the line when little follows the closing quote; else the quote and the `)` of a call right after it. */
function statementEnd(lineText: string, character: number): number {
  const quote = lineText[character - 2];
  const close = quote === "'" || quote === '"' || quote === '`' ? lineText.indexOf(quote, character - 1) : -1;
  if (close < 0 || lineText.length - close - 1 <= TAIL_LENGTH) return lineText.length;
  return lineText[close + 1] === ')' ? close + 2 : close + 1;
}

function shorten(statement: string): string {
  const collapsed = statement.replace(/\s+/g, ' ').trim();
  if (collapsed.length <= MAX_LENGTH) return collapsed;
  return `${collapsed.slice(0, HEAD_LENGTH).trimEnd()} … ${collapsed.slice(-(MAX_LENGTH - HEAD_LENGTH - 3)).trimStart()}`;
}

/** An import site of an answer: the importing file (absolute) and what the import graph said of it. */
export interface ImportSite {
  filePath: string;
  imported: ModuleImport;
}

/**
 * The edges with the statement behind each import site (`importSites` ids, looked up in `sites`), and the `paths`
 * alias it went through. An edge whose importing file cannot be read (gone, outside the root) keeps its sites alone.
 */
export async function withStatements(
  edges: GraphEdge[],
  sites: ReadonlyMap<string, ImportSite>,
  text: (filePath: string) => Promise<SourceText | undefined>,
  paths: ProjectPaths,
): Promise<GraphEdge[]> {
  return Promise.all(
    edges.map(async (edge) => {
      const found = (edge.importSites ?? []).flatMap((id) => sites.get(id) ?? []);
      if (found.length === 0 || found.length !== edge.importSites?.length) return edge;
      const source = await text(found[0].filePath);
      if (!source) return edge;
      const statements = found.map(({ imported }) => {
        const statement = importStatementAt(source, imported.line, imported.character);
        const alias = imported.alias;
        return alias
          ? { ...statement, via: { paths: alias.pattern, config: paths.toRelative(alias.configPath) } }
          : statement;
      });
      return { ...edge, statements };
    }),
  );
}
