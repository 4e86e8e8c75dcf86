import * as path from 'node:path';
import type { DepsRequest, DepsResponse, GraphNode, OrphansRequest, OrphansResponse } from '@cn/protocol';
import { badInput } from '../domain/errors.js';
import { formatLocationId } from '../domain/ids.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { walkBreadthFirst, type Step } from '../graph/breadth-first.js';
import { GraphBuilder } from '../graph/graph-builder.js';
import { MAX_GRAPH_NODES, checkDepth, checkDirection, checkLimit } from '../graph/graph-options.js';
import { cutFields, limitEdges } from '../graph/limit-edges.js';
import {
  buildImporterIndex,
  graphFiles,
  projectFilesInRoot,
  unresolvedNamesakes,
  type Importer,
} from '../graph/import-index.js';
import { withStatements, type ImportSite } from '../graph/import-statement.js';
import { namesakeImports } from '../graph/namesake-imports.js';
import { specifierMentions } from '../graph/specifier-mentions.js';
import type { ImportGraphSource, ModuleImport } from '../ports/import-graph.js';
import type { SourceFiles } from '../ports/source-files.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import { LocationRefBuilder } from './location-refs.js';
import { resolveSourceFile } from './resolve-source.js';
import { referenceScope } from '../ranking/path-filter.js';
import { searchCompleteness, searchedProjects } from './searched-projects.js';

type Deps = {
  importGraph: ImportGraphSource;
  files: SourceFiles;
  paths: ProjectPaths;
  /** Which projects the import graph read (the engine's, from the same configs). */
  engine: Pick<CodeIntelligence, 'status'>;
};

/** A node of the import graph: a project file, a package, or a specifier nothing resolves. */
interface ModuleNode {
  id: string;
  kind: 'File' | 'Package' | 'Unresolved';
  /** Absolute, for files. */
  filePath?: string;
}

/**
 * `cn deps <file>`: what the file imports (out) and which files import it (in), breadth first to a
 * depth, resolved with the project's own module resolution. Packages and unresolved specifiers are
 * leaves; edges always point from the importing file to the imported module.
 */
export async function fileDeps(deps: Deps, request: DepsRequest): Promise<DepsResponse> {
  if (request.file === undefined)
    throw badInput('no file given', 'pass a file, e.g. cn deps src/index.ts, or use --orphans');
  const direction = checkDirection(request.direction, 'out');
  const depth = checkDepth(request.depth);
  const limit = checkLimit(request.limit);
  const keep = importerFilter(deps.paths, request);
  const filePath = await resolveSourceFile(deps.files, request.file);
  const entryPoints = new Set(await deps.importGraph.entryPoints());
  const fileNode = (file: string): ModuleNode => ({ id: deps.paths.toRelative(file), kind: 'File', filePath: file });
  const sites = new Map<string, ImportSite>();
  const siteId = (filePath: string, imported: ModuleImport) => {
    const id = formatLocationId(deps.paths.toRelative(filePath), imported.line, imported.character);
    sites.set(id, { filePath, imported });
    return id;
  };
  const root = fileNode(filePath);
  const graph = new GraphBuilder();
  const toGraphNode = (node: ModuleNode, level: number): GraphNode => ({
    id: node.id,
    name: node.kind === 'File' ? path.basename(node.id) : node.id,
    kind: node.kind,
    depth: level,
    ...(node.filePath && entryPoints.has(node.filePath) ? { entryPoint: true } : {}),
  });
  graph.addNode(toGraphNode(root, 0));
  const walk = (neighbours: (node: ModuleNode) => Promise<Step<ModuleNode>[]>, towardsImporters: boolean) =>
    walkBreadthFirst<ModuleNode>(
      {
        root,
        idOf: (node) => node.id,
        depth,
        maxNodes: MAX_GRAPH_NODES,
        alreadyKnown: (id) => graph.has(id),
        neighbours,
        onNode: (node, level) => graph.addNode(toGraphNode(node, level)),
        onStep: (expanded, step) => {
          const [from, to] = towardsImporters ? [step.node, expanded] : [expanded, step.node];
          graph.addEdge({ from: from.id, to: to.id, kind: 'imports', importSites: step.sites });
        },
      },
      () => graph.nodeCount,
    );
  let truncated = false;
  let filteredImports = 0;
  let namesakes: ReturnType<typeof namesakeImports> = {};
  let mentions: Awaited<ReturnType<typeof specifierMentions>> = {};
  const builder = new LocationRefBuilder(deps.files, deps.paths);
  if (direction !== 'in') {
    truncated = await walk(async (node) => {
      // A file reached through a symlink leading out is shown, never read: its imports are its text.
      if (!node.filePath || !(await deps.files.isInsideRoot(node.filePath))) return [];
      const imports = await deps.importGraph.importsOf(node.filePath);
      return imports.map((imported) => ({
        node: importedNode(imported, fileNode),
        sites: [siteId(node.filePath!, imported)],
      }));
    }, false);
  }
  if (direction !== 'out') {
    // The layout read afresh: one another answer read a moment ago lacks a file created since (an importer, here).
    const unresolved: Importer[] = [];
    const files = graphFiles(await projectFilesInRoot(deps.importGraph, deps.files, true));
    const importers = await buildImporterIndex(deps.importGraph, files, unresolved);
    namesakes = namesakeImports(filePath, importers, unresolved, deps.paths, keep);
    mentions = await specifierMentions(filePath, importers, files, keep, builder, deps.paths);
    const cut = await walk(async (node) => {
      const all: Importer[] = (node.filePath && importers.get(node.filePath)) || [];
      const list = all.filter((importer) => keep(importer.filePath));
      filteredImports += all.length - list.length;
      return list.map((importer) => ({
        node: fileNode(importer.filePath),
        sites: [siteId(importer.filePath, importer.imported)],
      }));
    }, true);
    truncated ||= cut;
  }
  const { nodes, edges: bare, totalEdges } = limitEdges(graph.result(), [root.id], limit);
  const edges = await withStatements(bare, sites, (file) => builder.text(file), deps.paths);
  // Importers are searched project-wide; a file's own imports are read from it alone.
  const searched = direction !== 'out' ? searchCompleteness(searchedProjects(deps.engine), []) : {};
  return {
    root: root.id,
    direction,
    depth,
    nodes,
    edges,
    ...cutFields(truncated, totalEdges),
    ...(filteredImports > 0 ? { filteredImports } : {}),
    ...(request.refsIn !== undefined ? { refsIn: request.refsIn } : {}),
    ...(request.refsNotIn !== undefined ? { refsNotIn: request.refsNotIn } : {}),
    ...namesakes,
    ...mentions,
    ...searched,
  };
}

/** `refsIn`/`refsNotIn` over an importer's root-relative path; refused for a graph that has no importers. */
function importerFilter(paths: ProjectPaths, request: DepsRequest): (filePath: string) => boolean {
  if ((request.refsIn !== undefined || request.refsNotIn !== undefined) && (request.direction ?? 'out') === 'out')
    throw badInput(
      '--refs-in and --refs-not-in choose importers',
      "add --direction in (or both); a file's own imports are all listed",
    );
  const keeps = referenceScope(request);
  return (filePath) => keeps(paths.toRelative(filePath));
}

function importedNode(imported: ModuleImport, fileNode: (file: string) => ModuleNode): ModuleNode {
  if (imported.resolvedFile) return fileNode(imported.resolvedFile);
  if (imported.packageName) return { id: imported.packageName, kind: 'Package' };
  return { id: imported.specifier, kind: 'Unresolved' };
}

/** `cn deps --orphans`: project files no other project file imports, entry points flagged. */
export async function findOrphans(deps: Deps, request: OrphansRequest = {}): Promise<OrphansResponse> {
  const limit = checkLimit(request.limit);
  // Afresh, as importers are: cn find's word count had read the layout just before two files were created, and
  // --orphans left them out.
  const files = graphFiles(await projectFilesInRoot(deps.importGraph, deps.files, true));
  const unresolved: Importer[] = [];
  const [importers, entryPoints] = await Promise.all([
    buildImporterIndex(deps.importGraph, files, unresolved),
    deps.importGraph.entryPoints(),
  ]);
  const entries = new Set(entryPoints);
  const namesake = unresolvedNamesakes(unresolved);
  const orphans = files
    .filter((file) => !importers.has(file))
    .map((file) => {
      const missed = namesake(file);
      return {
        filePath: deps.paths.toRelative(file),
        entryPoint: entries.has(file),
        ...(missed
          ? {
              unresolvedImport: {
                site: formatLocationId(
                  deps.paths.toRelative(missed.filePath),
                  missed.imported.line,
                  missed.imported.character,
                ),
                specifier: missed.imported.specifier,
              },
            }
          : {}),
      };
    })
    .sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0));
  const searched = searchCompleteness(searchedProjects(deps.engine), []);
  if (limit === undefined || orphans.length <= limit) return { orphans, totalFiles: files.length, ...searched };
  return {
    orphans: orphans.slice(0, limit),
    totalFiles: files.length,
    total: orphans.length,
    truncated: true,
    ...searched,
  };
}
