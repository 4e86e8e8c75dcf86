import type { ClientCapabilities, InitializeParams } from 'vscode-languageserver-protocol';
import { pathToUri } from './convert.js';
import type { SessionSettingsForAdapter } from './engine-adapter.js';

/**
 * The capabilities cn advertises: document symbols as a tree, locations without links, pull diagnostics,
 * progress (readiness); no dynamic registration, so neither server expects cn to watch files for it.
 */
export const CLIENT_CAPABILITIES: ClientCapabilities = {
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
    rename: { prepareSupport: true },
    diagnostic: { dynamicRegistration: false },
  },
  workspace: {
    symbol: {},
    configuration: true,
    workspaceEdit: { documentChanges: false },
    workspaceFolders: true,
  },
  window: { workDoneProgress: true },
};

/** What both engines are told of the client, the workspace and its capabilities. */
export function commonInitializeParams(root: string, capabilities: ClientCapabilities): InitializeParams {
  return {
    processId: process.pid,
    rootUri: pathToUri(root),
    workspaceFolders: [{ uri: pathToUri(root), name: 'root' }],
    capabilities,
  };
}

/** typescript-language-server's: the capabilities, and tsserver's settings in initializationOptions. */
export function buildInitializeParams(tsserverPath: string, settings: SessionSettingsForAdapter): InitializeParams {
  return {
    ...commonInitializeParams(settings.root, CLIENT_CAPABILITIES),
    initializationOptions: {
      tsserver: {
        path: tsserverPath,
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
