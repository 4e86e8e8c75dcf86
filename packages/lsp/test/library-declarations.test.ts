import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineLibrary } from '../src/navigation/library-declarations.js';

describe("the engine's standard library, named (issue 24.7)", () => {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'cn-library-')));
  const lib = path.join(dir, 'engine', 'lib');
  const elsewhere = path.join(dir, 'project');
  mkdirSync(lib, { recursive: true });
  mkdirSync(elsewhere, { recursive: true });
  const text = [
    'interface Promise<T> {}',
    'declare var Promise: PromiseConstructor;',
    'type PropertyKey = string | number | symbol;',
    '    readonly [Symbol.toStringTag]: string;',
  ].join('\n');
  writeFileSync(path.join(lib, 'lib.es2015.promise.d.ts'), text);
  writeFileSync(path.join(elsewhere, 'lib.es5.d.ts'), text);
  symlinkSync(path.join(elsewhere, 'lib.es5.d.ts'), path.join(lib, 'lib.es5.d.ts'));
  writeFileSync(path.join(lib, 'other.d.ts'), text);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const library = new EngineLibrary(lib);

  it('names a declaration by the word before it', () => {
    const file = path.join(lib, 'lib.es2015.promise.d.ts');
    expect(library.declarationAt(file, { line: 1, character: 11 })).toEqual({
      library: 'lib.es2015.promise.d.ts',
      name: 'Promise',
      kind: 'Interface',
    });
    expect(library.declarationAt(file, { line: 2, character: 13 })).toMatchObject({
      name: 'Promise',
      kind: 'Variable',
    });
    expect(library.declarationAt(file, { line: 3, character: 6 })).toMatchObject({
      name: 'PropertyKey',
      kind: 'TypeAlias',
    });
  });

  it("reads only lib.*.d.ts whose real path is in the engine's own lib directory", () => {
    expect(library.declarationAt(path.join(elsewhere, 'lib.es5.d.ts'), { line: 1, character: 11 })).toBeUndefined();
    // A symlink in the directory leading elsewhere is elsewhere.
    expect(library.declarationAt(path.join(lib, 'lib.es5.d.ts'), { line: 1, character: 11 })).toBeUndefined();
    expect(library.declarationAt(path.join(lib, 'other.d.ts'), { line: 1, character: 11 })).toBeUndefined();
  });
});
