import * as path from 'node:path';
import type {
  CallHierarchyItem,
  CodeNavigation,
  EngineDiagnostic,
  HoverInfo,
  ImportGraphSource,
  IncomingCall,
  LibraryDeclaration,
  ModuleImport,
  OutgoingCall,
  Position,
  SourceLocation,
} from '../src/index.js';
import { ROOT, key } from './fakes.js';

/** A call graph given as `caller → callee` pairs between named functions of one file. */
export class FakeNavigation implements CodeNavigation {
  items = new Map<string, CallHierarchyItem>();
  calls: Array<[string, string]> = [];
  implementationsAt: Record<string, SourceLocation[]> = {};
  hovers: Record<string, HoverInfo> = {};
  typeDefinitionsAt: Record<string, SourceLocation[]> = {};
  libraryDeclarations: Record<string, LibraryDeclaration> = {};
  diagnosticsOf: Record<string, EngineDiagnostic[]> = {};
  diagnosticsAsked: string[][] = [];
  expanded: string[] = [];

  /** A function named `name` whose name is at line:character of `file`. */
  addFunction(name: string, file: string, line: number, character = 10): CallHierarchyItem {
    const item: CallHierarchyItem = {
      name,
      kind: 'Function',
      filePath: path.isAbsolute(file) ? file : path.join(ROOT, file),
      range: { start: { line, character: 1 }, end: { line: line + 2, character: 2 } },
      selectionRange: { start: { line, character }, end: { line, character: character + name.length } },
    };
    this.items.set(name, item);
    return item;
  }

  async prepareCallHierarchy(filePath: string, position: Position): Promise<CallHierarchyItem[]> {
    return [...this.items.values()].filter(
      (item) => item.filePath === filePath && item.selectionRange.start.line === position.line,
    );
  }
  async incomingCalls(item: CallHierarchyItem): Promise<IncomingCall[]> {
    this.expanded.push(`in:${item.name}`);
    return this.calls
      .filter(([, callee]) => callee === item.name)
      .map(([caller]) => ({ from: this.items.get(caller)!, callSites: [this.site(caller)] }));
  }
  async outgoingCalls(item: CallHierarchyItem): Promise<OutgoingCall[]> {
    this.expanded.push(`out:${item.name}`);
    return this.calls
      .filter(([caller]) => caller === item.name)
      .map(([, callee]) => ({ to: this.items.get(callee)!, callSites: [this.site(item.name)] }));
  }
  async implementations(filePath: string, position: Position): Promise<SourceLocation[]> {
    return this.implementationsAt[key(filePath, position)] ?? [];
  }
  async hover(filePath: string, position: Position): Promise<HoverInfo | undefined> {
    return this.hovers[key(filePath, position)];
  }
  async typeDefinition(filePath: string, position: Position): Promise<SourceLocation[]> {
    return this.typeDefinitionsAt[key(filePath, position)] ?? [];
  }
  async libraryDeclaration(filePath: string, position: Position): Promise<LibraryDeclaration | undefined> {
    return this.libraryDeclarations[key(filePath, position)];
  }
  async diagnostics(filePaths: string[]): Promise<EngineDiagnostic[]> {
    this.diagnosticsAsked.push(filePaths);
    return filePaths.flatMap((file) => this.diagnosticsOf[file] ?? []);
  }

  /** Each call site sits one line below the caller's name. */
  private site(caller: string): SourceLocation {
    const item = this.items.get(caller)!;
    const line = item.selectionRange.start.line + 1;
    return { filePath: item.filePath, range: { start: { line, character: 5 }, end: { line, character: 9 } } };
  }
}

/** An import graph given as resolved imports per root-relative file. */
export class FakeImportGraph implements ImportGraphSource {
  constructor(
    readonly imports: Record<string, Array<Partial<ModuleImport> & { specifier: string }>>,
    readonly entries: string[] = [],
  ) {}

  async projectFiles(): Promise<string[]> {
    return Object.keys(this.imports)
      .map((file) => path.join(ROOT, file))
      .sort();
  }
  async importsOf(filePath: string): Promise<ModuleImport[]> {
    const list = this.imports[path.relative(ROOT, filePath)] ?? [];
    return list.map((entry, index) => ({
      line: index + 1,
      character: 20,
      ...entry,
      ...(entry.resolvedFile ? { resolvedFile: path.join(ROOT, entry.resolvedFile) } : {}),
    }));
  }
  async entryPoints(): Promise<string[]> {
    return this.entries.map((file) => path.join(ROOT, file));
  }
}
