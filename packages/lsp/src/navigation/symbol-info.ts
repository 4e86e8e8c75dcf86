import type { HoverInfo, Position, SourceLocation } from '@cn/core';
import type * as lsp from 'vscode-languageserver-protocol';
import { fromLspLocations, pathToUri, toLspPosition } from '../convert.js';
import type { LanguageServerSession } from '../language-server-session.js';

type LocationResult = lsp.Location | lsp.Location[] | lsp.LocationLink[] | null;

/** textDocument/implementation and textDocument/typeDefinition; the file must be open. */
export async function locationsAt(
  session: LanguageServerSession,
  method: 'textDocument/implementation' | 'textDocument/typeDefinition',
  file: string,
  position: Position,
): Promise<SourceLocation[]> {
  const result = await session.request<LocationResult>(method, { textDocument: { uri: pathToUri(file) }, position: toLspPosition(position) });
  return fromLspLocations(result);
}

export async function hoverAt(session: LanguageServerSession, file: string, position: Position): Promise<HoverInfo | undefined> {
  const result = await session.request<lsp.Hover | null>('textDocument/hover', { textDocument: { uri: pathToUri(file) }, position: toLspPosition(position) });
  return result ? splitHover(hoverMarkdown(result.contents)) : undefined;
}

function hoverMarkdown(contents: lsp.Hover['contents']): string {
  if (typeof contents === 'string') return contents;
  if (Array.isArray(contents)) return contents.map((part) => (typeof part === 'string' ? part : `\`\`\`${part.language}\n${part.value}\n\`\`\``)).join('\n\n');
  if ('kind' in contents) return contents.value;
  return `\`\`\`${contents.language}\n${contents.value}\n\`\`\``;
}

/** TLS answers with the declaration in a ```typescript block, then the doc comment and its tags. */
export function splitHover(markdown: string): HoverInfo | undefined {
  const fence = /^\s*```[\w-]*\n([\s\S]*?)\n```/.exec(markdown);
  if (!fence) {
    const text = markdown.trim();
    return text === '' ? undefined : { signature: '', documentation: text };
  }
  return { signature: fence[1].trim(), documentation: markdown.slice(fence.index + fence[0].length).trim() };
}
