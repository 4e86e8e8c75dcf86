import type { InitializeParams } from 'vscode-languageserver-protocol';
import { pathToUri } from './convert.js';
import type { ServerInstallation } from './language-server-process.js';

export interface InitializeSettings {
  root: string;
  logDirectory: string;
  maxTsServerMemory?: number;
}

export function buildInitializeParams(
  installation: ServerInstallation,
  settings: InitializeSettings,
): InitializeParams {
  return {
    processId: process.pid,
    rootUri: pathToUri(settings.root),
    workspaceFolders: [{ uri: pathToUri(settings.root), name: 'root' }],
    capabilities: {
      // Later features rely on these being advertised even where this package does not use them yet.
      textDocument: {
        synchronization: { didSave: false, dynamicRegistration: false },
        documentSymbol: { hierarchicalDocumentSymbolSupport: true },
        foldingRange: { lineFoldingOnly: false },
        definition: { linkSupport: false },
        references: {},
        implementation: { linkSupport: false },
        typeDefinition: { linkSupport: false },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        callHierarchy: {},
      },
      workspace: {
        symbol: {},
        configuration: true,
        workspaceFolders: true,
      },
      window: { workDoneProgress: true },
    },
    initializationOptions: {
      tsserver: {
        path: installation.tsserverPath,
        // "auto" answers early requests from a syntax-only server that sees only open files: partial answers.
        useSyntaxServer: 'never',
        // The language server would otherwise default the log directory into the project (<root>/.log).
        logDirectory: settings.logDirectory,
        logVerbosity: 'off',
      },
      maxTsServerMemory: settings.maxTsServerMemory,
      // Typings acquisition runs npm in the background and costs ~100 MB; we only navigate.
      disableAutomaticTypingAcquisition: true,
      preferences: {
        includePackageJsonAutoImports: 'off',
        includeCompletionsForModuleExports: false,
        providePrefixAndSuffixTextForRename: false,
        allowRenameOfImportPath: false,
      },
    },
  };
}
