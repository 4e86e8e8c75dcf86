import type { EngineDiagnostic, EngineDiagnosticSeverity } from '@cn/core';
import type { LanguageServerSession } from '../language-server-session.js';

const SEVERITY_BY_CATEGORY: Record<string, EngineDiagnosticSeverity> = {
  error: 'error',
  warning: 'warning',
  message: 'information',
  suggestion: 'hint',
};

/**
 * LSP has no way to ask the language server for diagnostics (it only pushes them for open files, after a
 * delay), so this asks tsserver directly: syntax, then types, one file at a time — the same answers the
 * editor shows, available for files that are not open.
 */
export async function fileDiagnostics(session: LanguageServerSession, file: string): Promise<EngineDiagnostic[]> {
  const syntactic = await session.tsserverRequest('syntacticDiagnosticsSync', { file });
  const semantic = await session.tsserverRequest('semanticDiagnosticsSync', { file });
  return [...(syntactic ?? []), ...(semantic ?? [])].map((diagnostic) => ({
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
}
