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
import { pathToUri, uriToPath } from '../convert.js';
import type { LanguageServerSession } from '../language-server-session.js';

/** The file must be open (the language server answers prepare only for open documents). */
export async function prepareCallHierarchy(
  session: LanguageServerSession,
  file: string,
  position: Position,
): Promise<CallHierarchyItem[]> {
  const items = await session.request(CallHierarchyPrepareRequest.type, await session.positions.at(file, position));
  return Promise.all((items ?? []).map((item) => fromLspItem(session, item)));
}

export async function incomingCalls(session: LanguageServerSession, item: CallHierarchyItem): Promise<IncomingCall[]> {
  const calls = await session.request(CallHierarchyIncomingCallsRequest.type, { item: await toLspItem(session, item) });
  return Promise.all(
    (calls ?? []).map(async (call) => {
      const from = await fromLspItem(session, call.from);
      return { from, callSites: await callSites(session, from.filePath, call.fromRanges) };
    }),
  );
}

export async function outgoingCalls(session: LanguageServerSession, item: CallHierarchyItem): Promise<OutgoingCall[]> {
  const calls = await session.request(CallHierarchyOutgoingCallsRequest.type, { item: await toLspItem(session, item) });
  // Outgoing call sites are in the calling item's file, not the callee's.
  return Promise.all(
    (calls ?? []).map(async (call) => ({
      to: await fromLspItem(session, call.to),
      callSites: await callSites(session, item.filePath, call.fromRanges),
    })),
  );
}

async function callSites(
  session: LanguageServerSession,
  filePath: string,
  ranges: lsp.Range[],
): Promise<IncomingCall['callSites']> {
  const lines = await session.positions.of(filePath);
  return ranges.map((range) => ({ filePath, range: lines.fromServerRange(range) }));
}

async function fromLspItem(session: LanguageServerSession, item: lsp.CallHierarchyItem): Promise<CallHierarchyItem> {
  const filePath = uriToPath(item.uri);
  const lines = await session.positions.of(filePath);
  const converted: CallHierarchyItem = {
    name: item.name,
    kind: symbolKindName(item.kind),
    filePath,
    range: lines.fromServerRange(item.range),
    selectionRange: lines.fromServerRange(item.selectionRange),
  };
  if (item.detail) converted.detail = item.detail;
  return converted;
}

/**
 * The language server re-asks tsserver from the uri and the name's position only, so the item can be rebuilt
 * from ours.
 */
async function toLspItem(session: LanguageServerSession, item: CallHierarchyItem): Promise<lsp.CallHierarchyItem> {
  const kind = Math.max(1, SYMBOL_KIND_NAMES.indexOf(item.kind as (typeof SYMBOL_KIND_NAMES)[number]));
  return {
    name: item.name,
    kind: kind as lsp.SymbolKind,
    detail: item.detail ?? '',
    uri: pathToUri(item.filePath),
    range: await session.positions.toServerRange(item.filePath, item.range),
    selectionRange: await session.positions.toServerRange(item.filePath, item.selectionRange),
  };
}
