import { describe, expect, it } from 'vitest';
import { ProjectPaths, SourceText, type ModuleImport } from '../src/index.js';
import { ComputedAccess } from '../src/usecases/computed-access.js';
import { ROOT } from './fakes.js';

/** Files (root-relative) and their texts; every quoted `./x.js` or `./x` resolves to src/x.ts. */
function accessOf(files: Record<string, string>): ComputedAccess {
  const computed = new ComputedAccess();
  const paths = new ProjectPaths(ROOT);
  for (const [file, text] of Object.entries(files)) {
    const imports: ModuleImport[] = [...text.matchAll(/'\.\/([\w/]+?)(?:\.js)?'/g)].map((match) => ({
      specifier: match[0].slice(1, -1),
      line: 1,
      character: 1,
      resolvedFile: `${ROOT}/src/${match[1]}.ts`,
    }));
    computed.add(`${ROOT}/${file}`, new SourceText(text), imports, paths);
  }
  return computed;
}

const reaching = (computed: ComputedAccess, file: string, name: string) =>
  computed.reaching(`${ROOT}/${file}`, name)?.at;

describe('exports a computed key may read (issue 24.6)', () => {
  it('a type-only namespace import binds no value: `ns[k]` there is a local of that name (zod shadows its schemas)', () => {
    const computed = accessOf({
      'src/schemas.ts': 'export const ZodString = 1;\n',
      'src/to-json.ts': [
        "import type * as schemas from './schemas.js';",
        'export function convert(kind: string, def: schemas.ZodString) {',
        '  const schemas: Record<string, number> = {};',
        '  return schemas[kind];',
        '}',
      ].join('\n'),
      'src/value.ts':
        "import * as values from './schemas.js';\nexport const pick = (k: string) => (values as any)[k];\n",
    });
    expect(reaching(computed, 'src/schemas.ts', 'ZodString')).toBe('src/value.ts::2::37');
    const typeOnly = accessOf({
      'src/schemas.ts': 'export const ZodString = 1;\n',
      'src/to-json.ts': "import type * as schemas from './schemas.js';\nconst schemas = {} as any;\nschemas[name];\n",
    });
    expect(reaching(typeOnly, 'src/schemas.ts', 'ZodString')).toBeUndefined();
  });

  it('core.regexes[format]: every export of the module `export * as regexes` names, at the access', () => {
    const computed = accessOf({
      'src/regexes.ts': 'export const md5_hex = /x/;\nexport const uuid = /y/;\n',
      'src/checks.ts': 'export const check = 1;\n',
      'src/core.ts': "export * as regexes from './regexes.js';\nexport * from './checks.js';\n",
      'src/api.ts': [
        "import * as core from './core.js';",
        'export function pattern(format: string) {',
        '  return core.regexes[format as keyof typeof core.regexes];',
        '}',
      ].join('\n'),
    });
    expect(reaching(computed, 'src/regexes.ts', 'md5_hex')).toBe('src/api.ts::3::10');
    expect(reaching(computed, 'src/regexes.ts', 'uuid')).toBe('src/api.ts::3::10');
    // core.regexes[k] reads regexes' exports, not core's own.
    expect(reaching(computed, 'src/checks.ts', 'check')).toBeUndefined();
  });

  it('ns[key] reads every export of the module and of what it forwards with `export *` or by name', () => {
    const computed = accessOf({
      'src/handlers.ts': 'export function onCreate() {}\nexport function onDelete() {}\n',
      'src/more.ts': 'export function onMore() {}\nexport function notForwarded() {}\n',
      'src/all.ts': "export * from './handlers';\nexport { onMore } from './more';\n",
      'src/dispatch.ts': "import * as all from './all';\nexport const run = (name: string) => (all as any)[name]();\n",
    });
    expect(reaching(computed, 'src/handlers.ts', 'onDelete')).toBe('src/dispatch.ts::2::39');
    expect(reaching(computed, 'src/more.ts', 'onMore')).toBe('src/dispatch.ts::2::39');
    expect(reaching(computed, 'src/more.ts', 'notForwarded')).toBeUndefined();
  });

  it('require() bindings count; literal keys, `typeof ns[K]`, comments and other names do not', () => {
    const computed = accessOf({
      'src/a.ts': 'export const one = 1;\n',
      'src/b.ts': 'export const two = 2;\n',
      'src/c.ts': 'export const three = 3;\n',
      'src/d.ts': 'export const four = 4;\n',
      'src/use.ts': [
        "const a = require('./a');",
        "import * as b from './b';",
        "import * as c from './c';",
        "import * as d from './d';",
        'a[key];',
        "b['two'];",
        'type T = typeof c[K];',
        '// d[key]',
        'other.d[key];',
      ].join('\n'),
    });
    expect(reaching(computed, 'src/a.ts', 'one')).toBe('src/use.ts::5::1');
    for (const [file, name] of [
      ['src/b.ts', 'two'],
      ['src/c.ts', 'three'],
      ['src/d.ts', 'four'],
    ])
      expect(reaching(computed, file, name), file).toBeUndefined();
  });

  it('reads hostile texts in one pass: unclosed comments and lists, a name followed by a megabyte of spaces', () => {
    const computed = accessOf({
      'src/a.ts': 'export const one = 1;\n',
      'src/use.ts': [
        "import * as a from './a';",
        '/* '.repeat(50_000),
        'export { '.repeat(20_000),
        `(a as ${'x'.repeat(100_000)}`,
        `a${' '.repeat(1_000_000)}.`,
        '// a[key] in a comment',
        'a /* a comment */ [key];',
      ].join('\n'),
    });
    // The last line's comment is blanked, but the unclosed `/*` before it blanks the rest: nothing reads a.
    expect(reaching(computed, 'src/a.ts', 'one')).toBeUndefined();
    const closed = accessOf({
      'src/a.ts': 'export const one = 1;\n',
      'src/use.ts': "import * as a from './a';\n/* x */ a /* a comment */ [key]; // a['one']\n",
    });
    expect(reaching(closed, 'src/a.ts', 'one')).toBe('src/use.ts::2::9');
  });

  it('a chain ending at an exported object marks nothing: its members are properties', () => {
    const computed = accessOf({
      'src/api.ts': 'export const handlers = { a: 1 };\nexport const b = 2;\n',
      'src/use.ts': "import * as api from './api';\napi.handlers[key];\n",
    });
    expect(reaching(computed, 'src/api.ts', 'b')).toBeUndefined();
  });
});
