import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../../helpers/cn.js';

/**
 * cn's lines and columns are the compiler's: TypeScript ends lines at LF, CRLF, a lone CR, U+2028
 * and U+2029, and reads UTF-16 (either byte order) and UTF-8 files with a BOM (ts.sys.readFile).
 * Ids, previews, map, inspect and calls must agree with ts.getLineAndCharacterOfPosition on every one,
 * on both engines: the native server counts lines as LSP does (LF, CRLF, CR only), and cn converts.
 */
const FILES: Record<string, { bytes: Buffer; names: string[] }> = {
  'breaks.ts': {
    bytes: Buffer.from(
      '// a lone CR ends this comment\rexport const afterCr = 1;\r\n' +
        '/* a paragraph \u2029 separator */ export const afterPara = 2;\n' +
        'const text = "a line \u2028 separator"; export function afterLine(): string { return text; }\r' +
        'export const total = afterCr + afterPara + afterLine().length;\n',
      'utf8',
    ),
    names: ['afterCr', 'afterPara', 'afterLine', 'total'],
  },
  'separated.ts': {
    bytes: Buffer.from(
      '// a line \u2028 separator in a comment\nexport function separated(): number { return 1; }\n' +
        '/* a paragraph \u2029 separator */\nexport class Para {\n  run(): number { return separated(); }\n}\n' +
        "const text = 'in \u2028 a string';\nexport const caller = () => separated() + text.length;\n",
      'utf8',
    ),
    names: ['separated', 'Para', 'run', 'caller'],
  },
  'bom8.ts': {
    bytes: Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('export const bommed = 1;\nexport const twice = bommed * 2;\n'),
    ]),
    names: ['bommed', 'twice'],
  },
  'wide-le.ts': {
    bytes: Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('export const wideLe = 1;\r\nexport const wideLe2 = wideLe + 1;\r\n', 'utf16le'),
    ]),
    names: ['wideLe', 'wideLe2'],
  },
  'wide-be.ts': {
    bytes: Buffer.concat([
      Buffer.from([0xfe, 0xff]),
      Buffer.from('export const wideBe = 1;\nexport const wideBe2 = wideBe + 1;\n', 'utf16le').swap16(),
    ]),
    names: ['wideBe', 'wideBe2'],
  },
};
const USE =
  "import { total } from './breaks.js';\nimport { twice } from './bom8.js';\nimport { wideLe2 } from './wide-le.js';\nimport { wideBe2 } from './wide-be.js';\nexport const everything = total + twice + wideLe2 + wideBe2;\n";

describe('lines and encodings as the compiler reads them', () => {
  let root: string;

  /** Where the compiler puts the first occurrence of `name` (its declaration), and that line's text. */
  function compilerPlace(file: string, name: string): { id: string; line: number; lineText: string } {
    const text = ts.sys.readFile(path.join(root, file))!;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
    const { line, character } = source.getLineAndCharacterOfPosition(text.indexOf(name));
    const starts = source.getLineStarts();
    const lineText = text
      .slice(starts[line], starts[line + 1] ?? text.length)
      .replace(/(?:\r\n|[\r\n\u2028\u2029])$/, '');
    return { id: `${file}::${line + 1}::${character + 1}`, line: line + 1, lineText };
  }

  /** Where the compiler puts the `nth` occurrence (0-based) of `text` in the file, as an id. */
  function compilerId(file: string, text: string, nth: number): string {
    const source = ts.sys.readFile(path.join(root, file))!;
    let at = -1;
    for (let count = 0; count <= nth; count++) at = source.indexOf(text, at + 1);
    const { line, character } = ts
      .createSourceFile(file, source, ts.ScriptTarget.Latest)
      .getLineAndCharacterOfPosition(at);
    return `${file}::${line + 1}::${character + 1}`;
  }

  const cases = Object.entries(FILES).flatMap(([file, { names }]) => names.map((name) => [file, name] as const));

  beforeAll(async () => {
    root = copyProject('test/fixtures/unicode');
    for (const [file, { bytes }] of Object.entries(FILES)) writeFileSync(path.join(root, file), bytes);
    writeFileSync(path.join(root, 'everything.ts'), USE);
    writeFileSync(path.join(root, 'wrong.ts'), "/* \u2028 */ export const wrong: number = 'text';\n");
    await cn(['start', '--root', root]);
  });
  afterAll(() => cleanUp(root));

  it.each(cases)('%s: map gives %s the compiler’s id', async (file, name) => {
    const map = json(await cn(['map', file, '--root', root]));
    expect(map.symbols.find((symbol: { name: string }) => symbol.name === name)?.id).toBe(compilerPlace(file, name).id);
  });

  it.each(cases)('%s: find %s answers at the compiler’s place with that line as preview', async (file, name) => {
    const place = compilerPlace(file, name);
    const found = json(await cn(['find', name, '--root', root]));
    expect(found.definition).toMatchObject({ id: place.id, preview: place.lineText.trim() });
  });

  it.each(cases)('%s: find and inspect accept the compiler’s id of %s', async (file, name) => {
    const place = compilerPlace(file, name);
    const byId = await cn(['find', place.id, '--root', root]);
    expect(byId.exitCode).toBe(0);
    expect(json(byId).definition).toMatchObject({ id: place.id, name });
    const inspected = json(await cn(['inspect', place.id, '--expand', 'surround', '--context', '0', '--root', root]));
    expect(inspected.result.range.startLine).toBe(place.line);
    expect(inspected.result.code).toBe(place.lineText);
  });

  it('references reach across every encoding to the places the compiler gives', async () => {
    for (const name of ['total', 'twice', 'wideLe2', 'wideBe2']) {
      const found = json(
        await cn(['find', `everything.ts::5::${USE.split('\n')[4].indexOf(name) + 1}`, '--root', root]),
      );
      const [file] = Object.entries(FILES).find(([, { names }]) => names.includes(name))!;
      expect(found.references.map((ref: { id: string }) => ref.id)).toContain(compilerPlace(file, name).id);
    }
  });

  it('map keeps every exported declaration after U+2028 and U+2029, at the compiler’s lines', async () => {
    const map = json(await cn(['map', 'separated.ts', '--root', root]));
    const exported = (name: string) => map.symbols.find((symbol: { name: string }) => symbol.name === name);
    for (const name of ['separated', 'Para', 'caller']) {
      expect(exported(name)).toMatchObject({ id: compilerPlace('separated.ts', name).id, modifiers: ['export'] });
    }
    expect(exported('Para').kind).toBe('Class');
  });

  it('calls finds the callers past U+2028 and U+2029, at the compiler’s call sites', async () => {
    const calls = json(await cn(['calls', 'separated', '--root', root]));
    expect(calls.root).toBe(compilerPlace('separated.ts', 'separated').id);
    const sites = calls.edges.flatMap((edge: { callSites: string[] }) => edge.callSites).sort();
    expect(sites).toEqual(
      [compilerId('separated.ts', 'separated()', 1), compilerId('separated.ts', 'separated()', 2)].sort(),
    );
  });

  it('inspect and diagnostics past U+2028 and U+2029 are at the compiler’s lines', async () => {
    const para = compilerPlace('separated.ts', 'Para');
    const inspected = json(await cn(['inspect', para.id, '--root', root]));
    expect(inspected.result.range).toMatchObject({ startLine: para.line, endLine: para.line + 2 });
    const diagnostics = json(await cn(['diagnostics', 'wrong.ts', '--root', root]));
    expect(diagnostics.diagnostics.map((diagnostic: { id: string }) => diagnostic.id)).toEqual([
      compilerId('wrong.ts', 'wrong', 0),
    ]);
  });
});
