import {
  CnError,
  engineFailure,
  type CodeIntelligence,
  type CodeNavigation,
  type EditChecking,
  type EngineMode,
  type EngineName,
  type EngineStatus,
  type RenameEngine,
  type SymbolIndex,
} from '@cn/core';
import type { TypeScriptEngine } from '@cn/lsp';
import { EngineGate } from './engine-gate.js';

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

export class DeferredEngine implements CodeIntelligence, CodeNavigation, SymbolIndex, RenameEngine, EditChecking {
  private engine: TypeScriptEngine | undefined;
  private startError: string | undefined;
  private readonly gate = new EngineGate();

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
    return this.shared((engine) => engine.searchSymbols(...args));
  }
  async outline(filePath: string) {
    return this.shared((engine) => engine.outline(filePath));
  }
  async foldingSpans(filePath: string) {
    return this.shared((engine) => engine.foldingSpans(filePath));
  }
  async definition(...args: Parameters<CodeIntelligence['definition']>) {
    return this.shared((engine) => engine.definition(...args));
  }
  async references(...args: Parameters<CodeIntelligence['references']>) {
    return this.shared((engine) => engine.references(...args));
  }
  async prepareCallHierarchy(...args: Parameters<CodeNavigation['prepareCallHierarchy']>) {
    return this.shared((engine) => engine.prepareCallHierarchy(...args));
  }
  async incomingCalls(...args: Parameters<CodeNavigation['incomingCalls']>) {
    return this.shared((engine) => engine.incomingCalls(...args));
  }
  async outgoingCalls(...args: Parameters<CodeNavigation['outgoingCalls']>) {
    return this.shared((engine) => engine.outgoingCalls(...args));
  }
  async implementations(...args: Parameters<CodeNavigation['implementations']>) {
    return this.shared((engine) => engine.implementations(...args));
  }
  async hover(...args: Parameters<CodeNavigation['hover']>) {
    return this.shared((engine) => engine.hover(...args));
  }
  async typeDefinition(...args: Parameters<CodeNavigation['typeDefinition']>) {
    return this.shared((engine) => engine.typeDefinition(...args));
  }
  async libraryDeclaration(...args: Parameters<CodeNavigation['libraryDeclaration']>) {
    return this.shared((engine) => engine.libraryDeclaration(...args));
  }
  async diagnostics(...args: Parameters<CodeNavigation['diagnostics']>) {
    return this.shared((engine) => engine.diagnostics(...args));
  }
  async prepareRename(...args: Parameters<RenameEngine['prepareRename']>) {
    return this.shared((engine) => engine.prepareRename(...args));
  }
  async renameEdits(...args: Parameters<RenameEngine['renameEdits']>) {
    return this.shared((engine) => engine.renameEdits(...args));
  }
  async filesWritten(...args: Parameters<RenameEngine['filesWritten']>) {
    return this.shared((engine) => engine.filesWritten(...args));
  }
  /** cn check: the engine's turn alone, so nothing else is answered while it holds the unsaved text. */
  async diagnosticsWithText(...args: Parameters<EditChecking['diagnosticsWithText']>) {
    const engine = await this.ready();
    return this.gate.exclusive(() => engine.diagnosticsWithText(...args));
  }

  /** Every question but cn check's shares the engine (engine-gate.ts); it waits while a check holds its turn. */
  private async shared<T>(ask: (engine: TypeScriptEngine) => Promise<T>): Promise<T> {
    const engine = await this.ready();
    return this.gate.shared(() => ask(engine));
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
