import type { HoverInfo, Position, SourceLocation } from '@cn/core';
import type * as lsp from 'vscode-languageserver-protocol';
import { HoverRequest, type ImplementationRequest, type TypeDefinitionRequest } from 'vscode-languageserver-protocol';
import type { LanguageServerSession } from '../language-server-session.js';

/** textDocument/implementation and textDocument/typeDefinition; the file must be open. */
export async function locationsAt(
  session: LanguageServerSession,
  type: typeof ImplementationRequest.type | typeof TypeDefinitionRequest.type,
  file: string,
  position: Position,
): Promise<SourceLocation[]> {
  const params = await session.positions.at(file, position);
  // Both answer a Definition or DefinitionLinks; the union of the two request types is not callable as one.
  const result = await session.request(type, params);
  return session.positions.locations(result);
}

export async function hoverAt(
  session: LanguageServerSession,
  file: string,
  position: Position,
): Promise<HoverInfo | undefined> {
  const result = await session.request(HoverRequest.type, await session.positions.at(file, position));
  return result ? splitHover(hoverMarkdown(result.contents)) : undefined;
}

function hoverMarkdown(contents: lsp.Hover['contents']): string {
  if (typeof contents === 'string') return contents;
  if (Array.isArray(contents))
    return contents
      .map((part) => (typeof part === 'string' ? part : `\`\`\`${part.language}\n${part.value}\n\`\`\``))
      .join('\n\n');
  if ('kind' in contents) return contents.value;
  return `\`\`\`${contents.language}\n${contents.value}\n\`\`\``;
}

/**
 * The language server answers with the declaration in a ```typescript block, then the doc comment and its
 * tags.
 */
export function splitHover(markdown: string): HoverInfo | undefined {
  const fence = /^\s*```[\w-]*\n([\s\S]*?)\n```/.exec(markdown);
  if (!fence) {
    const text = markdown.trim();
    return text === '' ? undefined : { signature: '', documentation: text };
  }
  return { signature: fence[1].trim(), documentation: markdown.slice(fence.index + fence[0].length).trim() };
}
