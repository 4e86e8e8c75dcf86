import {
  CnError,
  engineFailure,
  type CodeIntelligence,
  type CodeNavigation,
  type EngineMode,
  type EngineName,
  type EngineStatus,
  type RenameEngine,
  type SymbolIndex,
} from '@cn/core';
import type { TypeScriptEngine } from '@cn/lsp';

/**
 * The daemon answers HTTP (status, port file) as soon as it listens, while the language server is
 * still starting; engine calls wait for the start and fail with one clear error if it failed.
 */
/** The engine a daemon runs, as its status names it before the engine has started. */
export interface ChosenEngine {
  engine: EngineName;
  engineMode: EngineMode;
  engineReason?: string;
  trustProject: boolean;
}

export class DeferredEngine implements CodeIntelligence, CodeNavigation, SymbolIndex, RenameEngine {
  private engine: TypeScriptEngine | undefined;
  private startError: string | undefined;

  constructor(
    private readonly starting: Promise<TypeScriptEngine>,
    /** The engine the daemon chose (or was asked for, when the choice failed), for the status before it starts. */
    private readonly chosen: ChosenEngine,
  ) {
    starting.then(
      (engine) => (this.engine = engine),
      (error: unknown) => (this.startError = error instanceof Error ? error.message : String(error)),
    );
  }

  private async ready(): Promise<TypeScriptEngine> {
    try {
      return await this.starting;
    } catch (error) {
      if (error instanceof CnError) throw error;
      throw engineFailure(
        `the language server could not start: ${(error as Error).message}`,
        'see the log file named by cn status',
      );
    }
  }

  async searchSymbols(...args: Parameters<SymbolIndex['searchSymbols']>) {
    return (await this.ready()).searchSymbols(...args);
  }
  async outline(filePath: string) {
    return (await this.ready()).outline(filePath);
  }
  async foldingSpans(filePath: string) {
    return (await this.ready()).foldingSpans(filePath);
  }
  async definition(...args: Parameters<CodeIntelligence['definition']>) {
    return (await this.ready()).definition(...args);
  }
  async references(...args: Parameters<CodeIntelligence['references']>) {
    return (await this.ready()).references(...args);
  }
  async prepareCallHierarchy(...args: Parameters<CodeNavigation['prepareCallHierarchy']>) {
    return (await this.ready()).prepareCallHierarchy(...args);
  }
  async incomingCalls(...args: Parameters<CodeNavigation['incomingCalls']>) {
    return (await this.ready()).incomingCalls(...args);
  }
  async outgoingCalls(...args: Parameters<CodeNavigation['outgoingCalls']>) {
    return (await this.ready()).outgoingCalls(...args);
  }
  async implementations(...args: Parameters<CodeNavigation['implementations']>) {
    return (await this.ready()).implementations(...args);
  }
  async hover(...args: Parameters<CodeNavigation['hover']>) {
    return (await this.ready()).hover(...args);
  }
  async typeDefinition(...args: Parameters<CodeNavigation['typeDefinition']>) {
    return (await this.ready()).typeDefinition(...args);
  }
  async libraryDeclaration(...args: Parameters<CodeNavigation['libraryDeclaration']>) {
    return (await this.ready()).libraryDeclaration(...args);
  }
  async diagnostics(...args: Parameters<CodeNavigation['diagnostics']>) {
    return (await this.ready()).diagnostics(...args);
  }
  async prepareRename(...args: Parameters<RenameEngine['prepareRename']>) {
    return (await this.ready()).prepareRename(...args);
  }
  async renameEdits(...args: Parameters<RenameEngine['renameEdits']>) {
    return (await this.ready()).renameEdits(...args);
  }
  async filesWritten(...args: Parameters<RenameEngine['filesWritten']>) {
    return (await this.ready()).filesWritten(...args);
  }
  configDiagnostics() {
    return this.engine?.configDiagnostics() ?? [];
  }

  /** Resolves once the whole project is loaded (for `cn start`). */
  async whenReady(): Promise<void> {
    await (await this.ready()).whenReady();
  }

  async whenIndexed(): Promise<void> {
    await (await this.ready()).whenIndexed();
  }

  status(): EngineStatus {
    if (this.engine) return this.engine.status();
    return {
      state: this.startError ? 'failed' : 'starting',
      ...this.chosen,
      serverVersion: '',
      typescriptVersion: '',
      typescriptSource: 'bundled',
      trustProject: this.chosen.trustProject,
      projects: [],
      looseFiles: 0,
      restarts: 0,
      ...(this.startError ? { lastError: this.startError } : {}),
    };
  }

  async dispose(): Promise<void> {
    const engine = await this.starting.catch(() => undefined);
    await engine?.dispose();
  }
}
