import {
  SYMBOL_KIND_NAMES,
  symbolKindName,
  type CallHierarchyItem,
  type IncomingCall,
  type OutgoingCall,
  type Position,
} from '@cn/core';
import type * as lsp from 'vscode-languageserver-protocol';
import {
  CallHierarchyIncomingCallsRequest,
  CallHierarchyOutgoingCallsRequest,
  CallHierarchyPrepareRequest,
} from 'vscode-languageserver-protocol';
import { fromLspRange, pathToUri, toLspPosition, uriToPath } from '../convert.js';
import type { LanguageServerSession } from '../language-server-session.js';

/** The file must be open (the language server answers prepare only for open documents). */
export async function prepareCallHierarchy(
  session: LanguageServerSession,
  file: string,
  position: Position,
): Promise<CallHierarchyItem[]> {
  const items = await session.request(CallHierarchyPrepareRequest.type, {
    textDocument: { uri: pathToUri(file) },
    position: toLspPosition(position),
  });
  return (items ?? []).map(fromLspItem);
}

export async function incomingCalls(session: LanguageServerSession, item: CallHierarchyItem): Promise<IncomingCall[]> {
  const calls = await session.request(CallHierarchyIncomingCallsRequest.type, { item: toLspItem(item) });
  return (calls ?? []).map((call) => {
    const from = fromLspItem(call.from);
    return {
      from,
      callSites: call.fromRanges.map((range) => ({ filePath: from.filePath, range: fromLspRange(range) })),
    };
  });
}

export async function outgoingCalls(session: LanguageServerSession, item: CallHierarchyItem): Promise<OutgoingCall[]> {
  const calls = await session.request(CallHierarchyOutgoingCallsRequest.type, { item: toLspItem(item) });
  // Outgoing call sites are in the calling item's file, not the callee's.
  return (calls ?? []).map((call) => ({
    to: fromLspItem(call.to),
    callSites: call.fromRanges.map((range) => ({ filePath: item.filePath, range: fromLspRange(range) })),
  }));
}

function fromLspItem(item: lsp.CallHierarchyItem): CallHierarchyItem {
  const converted: CallHierarchyItem = {
    name: item.name,
    kind: symbolKindName(item.kind),
    filePath: uriToPath(item.uri),
    range: fromLspRange(item.range),
    selectionRange: fromLspRange(item.selectionRange),
  };
  if (item.detail) converted.detail = item.detail;
  return converted;
}

/**
 * The language server re-asks tsserver from the uri and the name's position only, so the item can be rebuilt
 * from ours.
 */
function toLspItem(item: CallHierarchyItem): lsp.CallHierarchyItem {
  const kind = Math.max(1, SYMBOL_KIND_NAMES.indexOf(item.kind as (typeof SYMBOL_KIND_NAMES)[number]));
  return {
    name: item.name,
    kind: kind as lsp.SymbolKind,
    detail: item.detail ?? '',
    uri: pathToUri(item.filePath),
    range: { start: toLspPosition(item.range.start), end: toLspPosition(item.range.end) },
    selectionRange: { start: toLspPosition(item.selectionRange.start), end: toLspPosition(item.selectionRange.end) },
  };
}
