import { isSourceFile } from '../domain/project-paths.js';
import { changedDeclarations, declarationItem, topLevelDeclarations } from '../graph/changed-declarations.js';
import type { ImpactDeps, Roots } from './impact.js';
import type { LocationRefBuilder } from './location-refs.js';

/**
 * `cn impact --since <ref>`: the declarations whose lines the working tree changed since the ref (untracked
 * source files: all their top-level declarations). Other files (docs, configs) are no symbols; source files
 * whose changes fall in no declaration (imports, top-level statements) are counted.
 */
export async function changedSymbols(
  deps: Pick<ImpactDeps, 'engine' | 'files' | 'changes'>,
  builder: LocationRefBuilder,
  ref: string,
): Promise<Roots> {
  const changed = await deps.changes.changedFiles(ref, isSourceFile);
  let withoutDeclaration = 0;
  const perFile = await Promise.all(
    changed.map(async ({ filePath, lines }) => {
      if (!isSourceFile(filePath) || !(await deps.files.isInsideRoot(filePath))) return undefined;
      const [outline, text] = await Promise.all([
        deps.engine.outline(filePath).catch(() => undefined),
        builder.text(filePath),
      ]);
      const nodes = outline && (lines ? changedDeclarations(outline, lines) : topLevelDeclarations(outline));
      return (nodes ?? []).map((node) => declarationItem(filePath, node, text));
    }),
  );
  for (const items of perFile) if (items?.length === 0) withoutDeclaration++;
  return {
    items: perFile.flatMap((items) => items ?? []),
    asked: ref,
    ...(withoutDeclaration > 0 ? { changedFiles: withoutDeclaration } : {}),
  };
}
