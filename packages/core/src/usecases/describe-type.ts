import type { TypeRequest, TypeResponse } from '@cn/protocol';
import { notFound } from '../domain/errors.js';
import { formatLocationId } from '../domain/ids.js';
import type { SourceLocation } from '../domain/location.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { namedLocation } from '../graph/named-location.js';
import type { CodeNavigation } from '../ports/navigation.js';
import type { SourceFiles } from '../ports/source-files.js';
import { dedupeById, describeTarget, sortLocations } from './find-implementations.js';
import { LocationRefBuilder } from './location-refs.js';
import { resolveSymbolTarget, type ResolvedSymbolTarget, type NameSearchDeps } from './symbol-search.js';
import { guessFields } from './target-guess.js';
import { targetOtherMatches } from './name-matches.js';
import { kindFromSignature } from './hover-signature.js';

type Deps = NameSearchDeps & { navigation: CodeNavigation; files: SourceFiles; paths: ProjectPaths };

const MAX_TYPE_DEFINITIONS = 20;

/** `cn type <target>`: the signature and doc comment the compiler shows on hover, and where the type is declared. */
export async function describeType(deps: Deps, request: TypeRequest): Promise<TypeResponse> {
  const target = await resolveSymbolTarget(deps, request.target, request);
  const builder = new LocationRefBuilder(deps.files, deps.paths);
  const words = targetOtherMatches(deps, builder, [target]);
  const [described, hover, locations, definitions] = await Promise.all([
    describeTarget(deps, builder, target),
    deps.navigation.hover(target.filePath, target.position),
    deps.navigation.typeDefinition(target.filePath, target.position),
    deps.engine.definition(target.filePath, target.position).catch((): SourceLocation[] => []),
  ]);
  if (!hover)
    throw notFound(
      `no type information at '${request.target}'`,
      'point at a name: a variable, parameter, function, class or member',
    );
  // A function or class is its own type definition; saying so adds nothing (and outside the root,
  // where cn names nothing, it would be an unnamed place in lib.d.ts).
  const isDefinition = (location: SourceLocation) =>
    definitions.some(
      (definition) =>
        definition.filePath === location.filePath && definition.range.start.line === location.range.start.line,
    );
  const typeDefinitions = await Promise.all(
    sortLocations(locations.filter((location) => !isDefinition(location)))
      .slice(0, MAX_TYPE_DEFINITIONS)
      .map(
        async (location) =>
          (await libraryType(deps, location)) ??
          namedLocation(deps.engine, builder, location.filePath, location.range.start, 'Unknown', declaresType),
      ),
  );
  const elsewhere = onceEach(typeDefinitions).filter(
    (definition) => definition.filePath !== described.filePath || definition.line !== described.line,
  );
  const named = described.kind === 'Unknown' ? { ...described, kind: kindFromSignature(hover.signature) } : described;
  const documentation = (await declaredInRoot(deps, target, definitions)) ? hover.documentation : '';
  return {
    target: named,
    signature: hover.signature,
    documentation,
    typeDefinitions: elsewhere,
    ...(await guessFields(builder, [target])),
    ...(await words),
  };
}

type TypeDefinition = TypeResponse['typeDefinitions'][number];

/**
 * A type of the engine's standard library (lib.*.d.ts in cn's installation, outside the root): named and marked as
 * library, its file by name only. A place outside the root in any other file is the project's business (confinement:
 * an id, no text).
 */
async function libraryType(deps: Deps, location: SourceLocation): Promise<TypeDefinition | undefined> {
  if (await deps.files.isInsideRoot(location.filePath)) return undefined;
  const { start } = location.range;
  const declared = await deps.navigation.libraryDeclaration(location.filePath, start);
  if (!declared) return undefined;
  return {
    id: formatLocationId(declared.library, start.line, start.character),
    filePath: declared.library,
    line: start.line,
    character: start.character,
    kind: declared.kind,
    preview: '',
    name: declared.name,
    outsideRoot: true,
    library: true,
  };
}

/**
 * Each place once, and a library type once however many lib files declare it (Promise merges five interfaces and a
 * `declare var`: the first interface names it); the project's own types first, what they are built from after.
 */
function onceEach(definitions: TypeDefinition[]): TypeDefinition[] {
  const unique = dedupeById(definitions);
  const library = new Map<string, TypeDefinition>();
  for (const definition of unique.filter((each) => each.library)) {
    const known = library.get(definition.name);
    if (!known || (!declaresType(known.kind) && declaresType(definition.kind)))
      library.set(definition.name, definition);
  }
  return [...unique.filter((definition) => !definition.library), ...library.values()];
}

/**
 * The engine points at the type itself: for `type Options = { … }` that is the `{`, inside the alias's
 * declaration; the alias (or interface, class, enum) around it is what names the type.
 */
const TYPE_KINDS = new Set(['TypeAlias', 'Interface', 'Class', 'Enum']);
const declaresType = (kind: string) => TYPE_KINDS.has(kind);

/**
 * A doc comment is its declaration's own text, so it is shown only when every declaration is inside
 * the root; the signature is the compiler's rendering of the type and is always shown.
 */
async function declaredInRoot(
  deps: Deps,
  target: ResolvedSymbolTarget,
  definitions: SourceLocation[],
): Promise<boolean> {
  const places = [target.filePath, ...definitions.map((definition) => definition.filePath)];
  return (await Promise.all(places.map((place) => deps.files.isInsideRoot(place)))).every(Boolean);
}
