import type { HierarchyEntry, ImplResponse, NamedLocation } from '@cn/protocol';
import type { SourceText } from '../domain/source-text.js';

/** How many lines a class or interface header may take before its body's `{`. */
const HEADER_LINES = 12;
const HAS_HERITAGE = new Set(['Class', 'Interface']);
const MAX_LENGTH = 200;

/**
 * Each class and interface of a hierarchy answer (the target, its declarations, every entry the project declares) with
 * its header as written up to its body, on one line, its own type parameters folded (`export class A<…> extends
 * B<Driver> implements C {`): a type that extends nothing is seen to, and a clause spread over lines is whole. Agents
 * grepped `^export (abstract )?class (A|B|…)` -A2 after a hierarchy to read the top's; the line preview cut it.
 */
export async function withHeaders(
  response: ImplResponse,
  text: (relativePath: string) => Promise<SourceText | undefined>,
): Promise<ImplResponse> {
  const headed = async <T extends NamedLocation & { library?: true; outsideRoot?: true }>(location: T): Promise<T> => {
    if (!HAS_HERITAGE.has(location.kind) || location.library || location.outsideRoot) return location;
    const source = await text(location.filePath);
    const header = source && typeHeader(source, location.line);
    return header ? { ...location, header } : location;
  };
  const [target, declarations, implementations, supertypes] = await Promise.all([
    headed(response.target),
    response.declarations ? Promise.all(response.declarations.map(headed)) : undefined,
    Promise.all(response.implementations.map((entry: HierarchyEntry) => headed(entry))),
    Promise.all(response.supertypes.map((entry: HierarchyEntry) => headed(entry))),
  ]);
  return { ...response, target, ...(declarations ? { declarations } : {}), implementations, supertypes };
}

/** `export class A<…> extends B {`: the declaration from its line to its body, its type parameters folded. */
export function typeHeader(text: SourceText, line: number): string | undefined {
  const parts: string[] = [];
  let depth = 0;
  for (let at = line; at < line + HEADER_LINES; at++) {
    const content = text.line(at);
    if (content === undefined) break;
    for (let index = 0; index < content.length; index++) {
      const ch = content[index];
      if (ch === '<' || ch === '(') depth++;
      else if (ch === ')' || (ch === '>' && content[index - 1] !== '=')) depth = Math.max(0, depth - 1);
      else if (ch === '{' && depth === 0) return finish([...parts, content.slice(0, index + 1)]);
    }
    parts.push(content);
  }
  return parts.length > 0 ? finish(parts.slice(0, 1)) : undefined;
}

function finish(parts: string[]): string {
  const header = foldTypeParameters(parts.join(' ').replace(/\s+/g, ' ').trim());
  return header.length > MAX_LENGTH ? `${header.slice(0, MAX_LENGTH - 1)}…` : header;
}

function foldTypeParameters(header: string): string {
  const named = /\b(?:class|interface)\s+[\p{L}\p{N}$_]+\s*</u.exec(header);
  if (!named) return header;
  const open = named.index + named[0].length - 1;
  let depth = 0;
  for (let at = open; at < header.length; at++) {
    if (header[at] === '<') depth++;
    else if (header[at] === '>' && header[at - 1] !== '=') depth--;
    if (depth === 0) return `${header.slice(0, open)}<…>${header.slice(at + 1)}`;
  }
  return header;
}
