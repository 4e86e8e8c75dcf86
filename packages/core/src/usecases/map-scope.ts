import type { MapRequest, MapSymbol } from '@cn/protocol';
import { badInput } from '../domain/errors.js';
import { looksLikeTarget } from '../domain/ids.js';
import type { OutlineNode } from '../domain/symbols.js';
import type { SourceText } from '../domain/source-text.js';
import { MODIFIER_WORDS } from '../inspect/declaration-head.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { SourceFiles } from '../ports/source-files.js';
import { kindFilter } from '../ranking/kind-filter.js';
import { resolveSourceFile } from './resolve-source.js';
import { resolveTargetPosition } from './target-position.js';

/** What one `cn map` outlines: a file, or one declaration in it (`path::Name`, an id) whose members are listed. */
export interface MapScope {
  filePath: string;
  text: SourceText;
  outline: OutlineNode[];
  of?: OutlineNode;
}

/**
 * The file, or the declaration `file` names as `path::Name`, `path::Class.member` or an id (the grammar every
 * command takes, named-target.ts); a place that names no declaration of the file (an import, a statement) is refused.
 */
export async function mapScope(
  deps: { engine: CodeIntelligence; files: SourceFiles },
  file: string,
): Promise<MapScope> {
  if (!looksLikeTarget(file)) {
    const filePath = await resolveSourceFile(deps.files, file);
    // Reading first refuses binary and oversized files before the engine sees them.
    const text = await deps.files.readSource(filePath);
    return { filePath, text, outline: await deps.engine.outline(filePath) };
  }
  const { filePath, position, text } = await resolveTargetPosition(deps, file);
  const outline = await deps.engine.outline(filePath);
  const of = nodeNamedAt(outline, position.line, position.character);
  if (!of)
    throw badInput(
      `${file} names no declaration of the file (an import, a re-export or a statement)`,
      `cn find ${file} goes to what it names; cn map ${file.split(':')[0]} lists what the file declares`,
    );
  return { filePath, text, outline, of };
}

/** The outline node whose name starts at the place, or whose whole declaration starts on its line (`path:line`). */
function nodeNamedAt(nodes: OutlineNode[], line: number, character: number): OutlineNode | undefined {
  for (const node of nodes) {
    const name = node.selectionRange.start;
    if (name.line === line && name.character === character) return node;
    const inside = nodeNamedAt(node.children, line, character);
    if (inside) return inside;
  }
  for (const node of nodes) if (node.range.start.line === line || node.selectionRange.start.line === line) return node;
  return undefined;
}

const PRIVATE = ['private', 'protected', '#private'];

/**
 * `kind` and `modifiers` as one test of a listed symbol (undefined when neither is asked): kind in the words of `cn
 * find --kind`; every modifier as written, `public` being a member that is not private, protected or `#private`, or a
 * top-level declaration that is exported.
 */
export function symbolFilter(
  request: Pick<MapRequest, 'kind' | 'modifiers'>,
): ((symbol: MapSymbol) => boolean) | undefined {
  const ofKind = kindFilter(request.kind);
  const wanted = request.modifiers ?? [];
  for (const modifier of wanted)
    if (modifier !== 'public' && modifier !== '#private' && !MODIFIER_WORDS.has(modifier))
      throw badInput(
        `unknown modifier '${modifier}'`,
        `use public, #private or one of: ${[...MODIFIER_WORDS].filter((word) => word !== 'public').join(', ')}`,
      );
  if (!ofKind && wanted.length === 0) return undefined;
  return (symbol) => {
    if (ofKind && !ofKind(symbol.kind)) return false;
    const modifiers = symbol.modifiers ?? [];
    return wanted.every((modifier) =>
      modifier !== 'public'
        ? modifiers.includes(modifier)
        : symbol.container === undefined
          ? symbol.kind === 'Export' || modifiers.includes('export')
          : !modifiers.some((written) => PRIVATE.includes(written)),
    );
  };
}
