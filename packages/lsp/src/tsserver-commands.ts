import type * as ts from 'typescript';
import { engineFailure } from '@cn/core';
import { ExecuteCommandRequest } from 'vscode-languageserver-protocol';
import type { LanguageServerSession } from './language-server-session.js';

/**
 * The tsserver commands cn sends through typescript-language-server (`typescript.tsserverRequest`),
 * each with its arguments and the body of its answer, in tsserver's own protocol types (type-only:
 * nothing of `typescript` is loaded for them).
 */
export interface TsserverCommands {
  navto: { args: ts.server.protocol.NavtoRequestArgs; body: ts.server.protocol.NavtoItem[] };
  projectInfo: { args: ts.server.protocol.ProjectInfoRequestArgs; body: ts.server.protocol.ProjectInfo };
  reloadProjects: { args: Record<string, never>; body: undefined };
  // The protocol types compiler options as its string enums; tsserver converts strings ('preserve', 'es2022' …)
  // and takes the parsed form (numbers, lib file names) as it is: cn sends the parsed form (project-discovery.ts).
  openExternalProject: {
    args: Omit<ts.server.protocol.OpenExternalProjectArgs, 'options'> & { options: Record<string, unknown> };
    body: undefined;
  };
  syntacticDiagnosticsSync: {
    args: ts.server.protocol.SyntacticDiagnosticsSyncRequestArgs;
    body: ts.server.protocol.Diagnostic[];
  };
  semanticDiagnosticsSync: {
    args: ts.server.protocol.SemanticDiagnosticsSyncRequestArgs;
    body: ts.server.protocol.Diagnostic[];
  };
}

export type TsserverCommand = keyof TsserverCommands;

/** The envelope of every tsserver answer, as typescript-language-server passes it on. */
export type TsserverResponse<C extends TsserverCommand> = Pick<ts.server.protocol.Response, 'success' | 'message'> & {
  body?: TsserverCommands[C]['body'];
};

export type NavtoItem = ts.server.protocol.NavtoItem;

/**
 * A raw tsserver command through typescript-language-server, for what LSP does not expose (or exposes
 * only partially).
 */
export async function tsserverRequest<C extends TsserverCommand>(
  session: LanguageServerSession,
  command: C,
  args: TsserverCommands[C]['args'],
  timeoutMs = session.requestTimeoutMs,
): Promise<TsserverCommands[C]['body'] | undefined> {
  // typescript-language-server hands back tsserver's whole response: success, message, body.
  const response = (await session.connection.request(
    ExecuteCommandRequest.type,
    { command: 'typescript.tsserverRequest', arguments: [command, args] },
    timeoutMs,
  )) as TsserverResponse<C> | null;
  if (response && response.success === false)
    throw engineFailure(`tsserver failed on ${command}: ${response.message ?? 'no reason given'}`);
  return response?.body;
}
