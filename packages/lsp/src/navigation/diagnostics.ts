import type { EngineDiagnostic, EngineDiagnosticSeverity } from '@cn/core';
import { DiagnosticSeverity, DocumentDiagnosticRequest, type Diagnostic } from 'vscode-languageserver-protocol';
import { pathToUri } from '../convert.js';
import type { LanguageServerSession } from '../language-server-session.js';
import { tsserverRequest } from '../tsserver-commands.js';

const SEVERITY_BY_CATEGORY: Record<string, EngineDiagnosticSeverity> = {
  error: 'error',
  warning: 'warning',
  message: 'information',
  suggestion: 'hint',
};

/** Diagnostics of one file from tsserver (its engine's adapter). */
export type FileDiagnostics = (session: LanguageServerSession, file: string) => Promise<EngineDiagnostic[]>;

/**
 * LSP 3.17's pull diagnostics are not served by typescript-language-server 5.3 (it only pushes them
 * for open files, after a delay), so this asks tsserver directly: syntax, then types, one file at a
 * time — the same answers the editor shows, available for files that are not open.
 *
 * In the program of the project that owns the file: tsserver would take any external project that reaches it
 * first (ScriptInfo.getDefaultProject), and cn's loose files are one, compiled with the options of another config
 * (tsserver-adapter.ts): a package imported by a loose script got "Cannot find module" for its own `paths` aliases.
 * A project that no longer holds the file (edited since the layout was read) leaves the choice to tsserver.
 */
export const tsserverFileDiagnostics: FileDiagnostics = async (session, file) => {
  const owner = session.ownerOf(file);
  const ask = async (projectFileName: string | undefined) => {
    const args = { file, ...(projectFileName ? { projectFileName } : {}) };
    const syntactic = await tsserverRequest(session, 'syntacticDiagnosticsSync', args);
    const semantic = await tsserverRequest(session, 'semanticDiagnosticsSync', args);
    return [...(syntactic ?? []), ...(semantic ?? [])];
  };
  const found = owner ? await ask(owner).catch(() => ask(undefined)) : await ask(undefined);
  return found.map((diagnostic) => ({
    filePath: file,
    // tsserver's lines and offsets are 1-based UTF-16 already.
    range: {
      start: { line: diagnostic.start.line, character: diagnostic.start.offset },
      end: { line: diagnostic.end.line, character: diagnostic.end.offset },
    },
    severity: SEVERITY_BY_CATEGORY[diagnostic.category] ?? 'error',
    code: `TS${diagnostic.code}`,
    message: diagnostic.text,
  }));
};

/** LSP's DiagnosticSeverity, 1-based. */
const SEVERITY_BY_LSP: readonly EngineDiagnosticSeverity[] = ['error', 'error', 'warning', 'information', 'hint'];

/**
 * The native server serves LSP's pull diagnostics (textDocument/diagnostic), for closed files too:
 * syntax and type errors in one report, and the editor's suggestions as hints (`'X' is deprecated`,
 * unused names), which tsserver keeps apart (suggestionDiagnosticsSync) and cn does not report: they
 * are left out, so both engines list the compiler's errors, warnings and messages alone.
 */
export const nativeFileDiagnostics: FileDiagnostics = async (session, file) => {
  const report = await session.request(DocumentDiagnosticRequest.type, { textDocument: { uri: pathToUri(file) } });
  const items: Diagnostic[] = (report.kind === 'full' ? report.items : []).filter(
    (diagnostic) => diagnostic.severity !== DiagnosticSeverity.Hint,
  );
  const lines = await session.positions.of(file);
  return items.map((diagnostic) => ({
    filePath: file,
    range: lines.fromServerRange(diagnostic.range),
    severity: SEVERITY_BY_LSP[diagnostic.severity ?? 1] ?? 'error',
    code: `TS${diagnostic.code ?? ''}`,
    message: diagnostic.message,
  }));
};
