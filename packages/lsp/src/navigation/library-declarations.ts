import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { SourceText, decodeSourceBytes, identifierAround, type LibraryDeclaration, type Position } from '@cn/core';

/** `lib.d.ts`, `lib.es2015.promise.d.ts`, `lib.dom.iterable.d.ts`: the names of TypeScript's standard library. */
const LIBRARY_FILE = /^lib(?:\.[\w-]+)*\.d\.ts$/;
/** The word before a declared name, as the lib files write it, and the kind cn names it by. */
const KIND_BY_KEYWORD: Record<string, string> = {
  interface: 'Interface',
  var: 'Variable',
  const: 'Constant',
  type: 'TypeAlias',
  function: 'Function',
  class: 'Class',
  namespace: 'Namespace',
  enum: 'Enum',
};

/**
 * The declarations of the engine's own standard library: the `lib.*.d.ts` beside the TypeScript the engine runs (cn's
 * installation). cn reads nothing outside the project root of the project's, but these are cn's files: a type the
 * engine says is `Promise` is named `Promise`, not shown as a path into cn's installation. Files are read once (the
 * largest, lib.dom.d.ts, is 1.9 MB) and kept: they do not change while cn runs.
 */
export class EngineLibrary {
  private readonly directory: string | undefined;
  private readonly texts = new Map<string, SourceText | undefined>();

  constructor(libraryDirectory: string) {
    this.directory = realPath(libraryDirectory);
  }

  declarationAt(filePath: string, position: Position): LibraryDeclaration | undefined {
    const library = path.basename(filePath);
    if (!this.directory || !LIBRARY_FILE.test(library)) return undefined;
    const real = realPath(filePath);
    if (!real || path.dirname(real) !== this.directory) return undefined;
    const line = this.text(real)?.line(position.line);
    const name = identifierAround(line, position.character);
    if (!line || !name) return undefined;
    // `interface Promise<T>`, `declare var Promise: …`: the word before the name's start.
    const before = line.slice(0, Math.max(0, position.character - 1)).replace(/[\p{L}\p{N}$_]*$/u, '');
    const keyword = /(\w+)\s+$/.exec(before)?.[1] ?? '';
    return { library, name, kind: KIND_BY_KEYWORD[keyword] ?? 'Unknown' };
  }

  private text(file: string): SourceText | undefined {
    if (!this.texts.has(file)) {
      let text: SourceText | undefined;
      try {
        text = new SourceText(decodeSourceBytes(readFileSync(file)));
      } catch {
        text = undefined;
      }
      this.texts.set(file, text);
    }
    return this.texts.get(file);
  }
}

function realPath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}
