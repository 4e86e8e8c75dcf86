import type { DepsResponse, GraphEdge, GraphNode, ImportStatement } from '@cn/protocol';
import { isTestFile } from '../domain/project-paths.js';
import { plural } from './notes.js';
import type { Voice } from './voice.js';

/**
 * Past this many import statements in test files, compact folds them into a count per directory: a package's entry
 * point on mikro-orm is imported by 150 tests, and listing each cost 4–8k tokens where agents wanted the sources
 * (grep's answer to the same question, over `packages/` only, was 1.3k).
 */
export const TEST_STATEMENTS_LISTED = 10;

interface Row {
  edge: GraphEdge;
  statement?: ImportStatement;
}

/**
 * One line per import statement (`src/page.ts:1  import { raw } from './html'`, and `→ target` unless it is the
 * root); the `paths` alias most statements went through said once (`*` marks them), and many test importers folded.
 */
export function compactEdges(response: DepsResponse, voice: Voice): string[] {
  const nodes = new Map(response.nodes.map((node) => [node.id, node]));
  const rows: Row[] = response.edges.flatMap((edge) =>
    edge.statements ? edge.statements.map((statement) => ({ edge, statement })) : [{ edge }],
  );
  const fromTests = rows.filter(({ edge, statement }) => statement && isTestFile(edge.from));
  const fold =
    response.direction !== 'out' && response.refsIn === undefined && fromTests.length > TEST_STATEMENTS_LISTED;
  const folded = new Set(fold ? fromTests : []);
  const listed = rows.filter((row) => !folded.has(row));
  const common = commonAlias(listed);
  const lines = listed.map(({ edge, statement }) => {
    if (!statement) return `${edge.from} -${edge.kind}→ ${edge.to}`;
    const target = edge.to === response.root ? '' : `  → ${targetLabel(edge.to, nodes.get(edge.to))}`;
    return `${edge.from}:${statement.line}  ${statementText(statement, common)}${target}`;
  });
  if (common) lines.push(`* via paths ${common}`);
  if (fold) lines.push(testsLine(fromTests, voice));
  return lines;
}

/** `import { raw } from './html'`, with the alias it went through unless that is the one said once (`*`). */
export function statementText(statement: ImportStatement, common?: string): string {
  if (!statement.via) return statement.text;
  const via = aliasOf(statement);
  return via === common ? `${statement.text}  *` : `${statement.text}  via paths ${via}`;
}

function aliasOf(statement: ImportStatement): string {
  return `${statement.via!.paths} (${statement.via!.config})`;
}

/** The alias at least two of the listed statements went through, the most used one. */
function commonAlias(rows: Row[]): string | undefined {
  const counts = new Map<string, number>();
  for (const { statement } of rows)
    if (statement?.via) counts.set(aliasOf(statement), (counts.get(aliasOf(statement)) ?? 0) + 1);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] >= 2 ? best[0] : undefined;
}

/** `tests: 148 more import statements in 140 test files (tests/features 120, tests/issues 28); list them: …`. */
function testsLine(rows: Row[], voice: Voice): string {
  const files = new Set(rows.map(({ edge }) => edge.from));
  const byDirectory = new Map<string, number>();
  for (const file of files) {
    const directory = file.split('/').slice(0, -1).slice(0, 2).join('/') || '.';
    byDirectory.set(directory, (byDirectory.get(directory) ?? 0) + 1);
  }
  const directories = [...byDirectory]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([directory, count]) => `${directory} ${count}`);
  return (
    `tests: ${plural(rows.length, 'more import statement')} in ${plural(files.size, 'test file')} ` +
    `(${directories.join(', ')}); list them: ${voice.option('refsIn')} "<dir>/**"`
  );
}

/** A package or an unresolved specifier says so; a file is its path. */
function targetLabel(id: string, node: GraphNode | undefined): string {
  if (node?.kind === 'Package') return `${id} (package)`;
  if (node?.kind === 'Unresolved') return `${id} (unresolved)`;
  return id;
}
