import { badInput, type Position, type EngineRenameEdit, type RenamePreparation } from '@cn/core';
import type * as lsp from 'vscode-languageserver-protocol';
import { PrepareRenameRequest, RenameRequest } from 'vscode-languageserver-protocol';
import { uriToPath } from '../convert.js';
import type { LanguageServerSession } from '../language-server-session.js';
import { ServerErrorResponse } from '../lsp-connection.js';

/**
 * textDocument/prepareRename: the name's range, or the engine's reason not to rename (tsserver says it through an
 * error: "You cannot rename elements that are defined in the standard TypeScript library"; the native server answers
 * null). The file must be open.
 */
export async function prepareRenameAt(
  session: LanguageServerSession,
  file: string,
  position: Position,
): Promise<RenamePreparation> {
  let result: Awaited<ReturnType<typeof requestPrepare>>;
  try {
    result = await requestPrepare(session, file, position);
  } catch (error) {
    if (error instanceof ServerErrorResponse) return { renameable: false, reason: error.serverMessage };
    throw error;
  }
  if (!result || 'defaultBehavior' in result) return { renameable: false, reason: 'nothing to rename there' };
  const range = 'range' in result ? result.range : result;
  return { renameable: true, range: (await session.positions.of(file)).fromServerRange(range) };
}

async function requestPrepare(session: LanguageServerSession, file: string, position: Position) {
  return session.request(PrepareRenameRequest.type, await session.positions.at(file, position));
}

/** textDocument/rename: every edit in every project of the root, ranges in cn's lines. */
export async function renameEditsAt(
  session: LanguageServerSession,
  file: string,
  position: Position,
  newName: string,
): Promise<EngineRenameEdit[]> {
  let result: lsp.WorkspaceEdit | null;
  try {
    result = await session.request(RenameRequest.type, { ...(await session.positions.at(file, position)), newName });
  } catch (error) {
    if (error instanceof ServerErrorResponse)
      throw badInput(
        `the compiler refuses this rename: ${error.serverMessage}`,
        'point at a name the project declares',
      );
    throw error;
  }
  const edits: EngineRenameEdit[] = [];
  for (const [uri, textEdits] of changesOf(result)) {
    const filePath = uriToPath(uri);
    const lines = await session.positions.of(filePath);
    for (const edit of textEdits)
      edits.push({ filePath, range: lines.fromServerRange(edit.range), newText: edit.newText });
  }
  return edits;
}

/** A WorkspaceEdit's text edits per document, whether the server sent `changes` or `documentChanges`. */
function changesOf(edit: lsp.WorkspaceEdit | null): [string, lsp.TextEdit[]][] {
  if (!edit) return [];
  if (edit.documentChanges) {
    const found: [string, lsp.TextEdit[]][] = [];
    for (const change of edit.documentChanges) {
      // A rename of a name never creates, renames or deletes files (allowRenameOfImportPath is off).
      if (!('textDocument' in change))
        throw badInput(`the compiler's rename would ${change.kind} a file`, 'cn rename only renames names');
      found.push([change.textDocument.uri, change.edits.filter((each): each is lsp.TextEdit => 'range' in each)]);
    }
    return found;
  }
  return Object.entries(edit.changes ?? {});
}
