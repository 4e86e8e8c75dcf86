import type { FindResponse, SnippetLevel } from '@cn/protocol';
import { rangeContains, type Position, type SourceLocation } from '../domain/location.js';
import type { SourceText } from '../domain/source-text.js';
import type { LocationRefBuilder } from './location-refs.js';
import { declarationAt, type DeclarationAt } from './outline-node.js';
import { identifierAt, otherMatchesFor } from './name-matches.js';
import { resolveTargetPosition } from './target-position.js';
import type { ReExportHop } from './named-target.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import {
  addSnippet,
  endPreview,
  modeEcho,
  searchReferences,
  type Definition,
  type FindDeps,
  type FindOptions,
} from './find-parts.js';

/**
 * `cn find <id>` or `cn find path::Name`: the symbol at that exact place, its declaration and its references, and what
 * `rg -w` of its name would also hit. Agents ask by path::Name and id most (the answers hand out ids), and were left
 * to run that rg themselves when only a bare name got the line.
 */
export async function findAtTarget(
  deps: FindDeps,
  builder: LocationRefBuilder,
  query: string,
  options: FindOptions,
): Promise<FindResponse> {
  const { filePath, position, through, searched: reExports } = await resolveTargetPosition(deps, query);
  const searched = searchReferences(deps, builder, filePath, position, options);
  const word = identifierAt(await builder.text(filePath), position);
  const { refsIn, refsNotIn, role } = options.filters;
  const [definitions, { truncated: referencesCut, locations: _locations, ...references }, words] = await Promise.all([
    deps.engine.definition(filePath, position),
    searched.described,
    options.refs === 'none' || word === ''
      ? {}
      : // The imports of the word are counted too: an answer of no references says none names it (agents asked
        // find for a file's functions one by one, got 0 refs, and grepped every import statement for the names).
        otherMatchesFor(deps, builder, word, { refsIn, refsNotIn, role }, async () => [await searched.found], {
          imports: true,
        }),
  ]);
  const definition =
    options.refs === 'only' ? null : await definitionAt(deps, builder, { filePath, position }, definitions, options);
  return {
    query,
    definition,
    ...(through ? { reachedThrough: through.map((hop) => reExportHop(deps.paths, hop)) } : {}),
    ...(reExports
      ? {
          reExportsSearched: {
            files: reExports.files,
            alsoExportedBy: reExports.alsoExportedBy.map((file) => deps.paths.toRelative(file)),
          },
        }
      : {}),
    ...references,
    candidates: [],
    totalCandidates: 0,
    ...(referencesCut ? { truncated: true as const } : {}),
    ...words,
    ...modeEcho(options),
  };
}

interface Declared {
  location: SourceLocation;
  text: SourceText | undefined;
  found: DeclarationAt | undefined;
}

async function definitionAt(
  deps: FindDeps,
  builder: LocationRefBuilder,
  asked: { filePath: string; position: Position },
  definitions: SourceLocation[],
  options: { snippet?: SnippetLevel },
): Promise<Definition | null> {
  const declared = await Promise.all(
    definitions.map(async (location): Promise<Declared> => {
      const text = await builder.text(location.filePath);
      return { location, text, found: await declarationAt(deps.engine, location.filePath, location.range.start, text) };
    }),
  );
  const chosen = await meaningAt(deps, builder, asked, declared);
  if (!chosen) return null;
  const { location, text, found } = chosen;
  const ref = await builder.ref(location.filePath, location.range.start, found?.kind ?? 'Unknown');
  const definition: Definition = {
    ...ref,
    name: found?.node.name ?? identifierAt(text, location.range.start),
    ...(found?.container ? { container: found.container } : {}),
    ...(found
      ? {
          endLine: found.node.range.end.line,
          ...(await endPreview(builder, location.filePath, ref.line, found.node.range.end.line)),
        }
      : {}),
  };
  if (options.snippet && found)
    await addSnippet(builder, definition, location.filePath, found.node.range, options.snippet);
  return definition;
}

/** Kinds that only name a type: a type use of a merged name means one of them, a value use never does. */
const TYPE_ONLY_KINDS = new Set(['Interface', 'TypeAlias']);
const TYPE_KINDS = new Set([...TYPE_ONLY_KINDS, 'Class', 'Enum']);
const TYPE_ROLES = new Set(['type', 'extends', 'implements']);

/**
 * Which of a merged symbol's declarations (an interface and a const of one name, as zod's `$ZodType`) the place
 * means: the engine lists them all, the interface first, wherever it is asked. A declaration's own name means
 * itself; a use means the type (a type position) or the value (anywhere else).
 */
async function meaningAt(
  deps: FindDeps,
  builder: LocationRefBuilder,
  asked: { filePath: string; position: Position },
  declared: Declared[],
): Promise<Declared | undefined> {
  if (declared.length <= 1) return declared[0];
  const itself = declared.find(
    ({ location }) => location.filePath === asked.filePath && rangeContains(location.range, asked.position),
  );
  if (itself) return itself;
  const text = await builder.text(asked.filePath);
  const [site] = text ? await deps.referenceSyntax.classify(asked.filePath, text.text, [asked.position]) : [];
  const typeUse = site !== undefined && TYPE_ROLES.has(site.role);
  const fits = (kind: string | undefined) =>
    kind !== undefined && (typeUse ? TYPE_KINDS.has(kind) : !TYPE_ONLY_KINDS.has(kind));
  return declared.find(({ found }) => fits(found?.kind)) ?? declared[0];
}

function reExportHop(paths: ProjectPaths, { filePath, statement }: ReExportHop): { site: string; statement: string } {
  return { site: `${paths.toRelative(filePath)}:${statement.line}`, statement: statement.text };
}
