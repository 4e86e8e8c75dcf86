import { describe, expect, it } from 'vitest';
import { CnError, ProjectPaths, fileDeps, findOrphans, listDiagnostics, presentAnswer } from '../src/index.js';
import { FakeEngine, FakeFiles, ROOT } from './fakes.js';
import { FakeImportGraph, FakeNavigation } from './navigation-fakes.js';
import { TEST_STATEMENTS_LISTED } from '../src/format/deps-compact.js';

const files = {
  'src/index.ts': "export { start } from './main.js';\n",
  'src/main.ts': [
    "import { format } from './util';",
    "import { legacy } from './legacy.cjs';",
    'import {',
    '  map,',
    '  filter,',
    "} from 'rxjs/operators';",
    "const missing = require('./missing.js');",
  ].join('\n'),
  'src/util/index.ts': '',
  'src/util/format.ts': '',
  'src/legacy.cjs': '',
  'src/orphan.ts': '',
  'src/types.d.ts': '',
  'src/app.test.ts': '',
};

function setup() {
  const importGraph = new FakeImportGraph(
    {
      'src/index.ts': [
        {
          specifier: './main.js',
          resolvedFile: 'src/main.ts',
          character: 24,
          alias: { pattern: '~/*', configPath: `${ROOT}/tsconfig.json` },
        },
      ],
      'src/main.ts': [
        { specifier: './util', resolvedFile: 'src/util/index.ts', line: 1, character: 25 },
        { specifier: './legacy.cjs', resolvedFile: 'src/legacy.cjs', line: 2, character: 25 },
        { specifier: 'rxjs/operators', packageName: 'rxjs', line: 6, character: 9 },
        { specifier: './missing.js', line: 7, character: 26 },
      ],
      'src/util/index.ts': [{ specifier: './format.js', resolvedFile: 'src/util/format.ts' }],
      'src/util/format.ts': [],
      'src/legacy.cjs': [{ specifier: './util/format.js', resolvedFile: 'src/util/format.ts' }],
      'src/orphan.ts': [{ specifier: './orphan.js', resolvedFile: 'src/orphan.ts' }],
      'src/types.d.ts': [],
      'src/app.test.ts': [{ specifier: './main.js', resolvedFile: 'src/main.ts' }],
    },
    ['src/index.ts', 'src/app.test.ts'],
  );
  const navigation = new FakeNavigation();
  return {
    importGraph,
    navigation,
    deps: {
      importGraph,
      navigation,
      engine: new FakeEngine(),
      files: new FakeFiles(files),
      paths: new ProjectPaths(ROOT),
    },
  };
}

describe('fileDeps', () => {
  it('lists what a file imports: project files, packages by name, unresolved specifiers as they are written', async () => {
    const { deps } = setup();
    const response = await fileDeps(deps, { file: 'src/main.ts' });
    expect(response.direction).toBe('out');
    expect(response.nodes).toEqual([
      { id: 'src/main.ts', name: 'main.ts', kind: 'File', depth: 0 },
      { id: './missing.js', name: './missing.js', kind: 'Unresolved', depth: 1 },
      { id: 'rxjs', name: 'rxjs', kind: 'Package', depth: 1 },
      { id: 'src/legacy.cjs', name: 'legacy.cjs', kind: 'File', depth: 1 },
      { id: 'src/util/index.ts', name: 'index.ts', kind: 'File', depth: 1 },
    ]);
    expect(response.edges).toContainEqual({
      from: 'src/main.ts',
      to: 'src/util/index.ts',
      kind: 'imports',
      importSites: ['src/main.ts::1::25'],
      statements: [{ line: 1, text: "import { format } from './util';" }],
    });
  });

  it('gives each import site its statement: from where it starts, on one line, and the paths alias it went through', async () => {
    const { deps } = setup();
    const statements = (await fileDeps(deps, { file: 'src/main.ts' })).edges.map((edge) => edge.statements);
    expect(statements).toContainEqual([{ line: 3, text: "import { map, filter, } from 'rxjs/operators';" }]);
    expect(statements).toContainEqual([{ line: 7, text: "const missing = require('./missing.js');" }]);
    const importers = await fileDeps(deps, { file: 'src/main.ts', direction: 'in' });
    expect(importers.edges.find((edge) => edge.from === 'src/index.ts')?.statements).toEqual([
      { line: 1, text: "export { start } from './main.js';", via: { paths: '~/*', config: 'tsconfig.json' } },
    ]);
  });

  it(`compact: the alias most imports went through said once; past ${TEST_STATEMENTS_LISTED} test importers, folded`, async () => {
    const tests = Array.from({ length: TEST_STATEMENTS_LISTED + 2 }, (_, index) =>
      index % 2 === 0 ? `test/unit/t${index}.test.ts` : `test/e2e/t${index}.test.ts`,
    );
    const viaAlias = { alias: { pattern: '@app/*', configPath: `${ROOT}/tsconfig.json` } };
    const graph: ConstructorParameters<typeof FakeImportGraph>[0] = {
      'src/lib.ts': [],
      'src/a.ts': [{ specifier: '@app/lib', resolvedFile: 'src/lib.ts', character: 19, ...viaAlias }],
      'src/b.ts': [{ specifier: '@app/lib', resolvedFile: 'src/lib.ts', character: 19, ...viaAlias }],
      'src/c.ts': [{ specifier: './lib', resolvedFile: 'src/lib.ts', character: 19 }],
    };
    const sources: Record<string, string> = {
      'src/lib.ts': '',
      'src/a.ts': "import { x } from '@app/lib';\n",
      'src/b.ts': "import { y } from '@app/lib';\n",
      'src/c.ts': "import { z } from './lib';\n",
    };
    for (const test of tests) {
      graph[test] = [{ specifier: '@app/lib', resolvedFile: 'src/lib.ts', character: 19, ...viaAlias }];
      sources[test] = "import { x } from '@app/lib';\n";
    }
    const importGraph = new FakeImportGraph(graph, []);
    const deps = {
      importGraph,
      navigation: new FakeNavigation(),
      engine: new FakeEngine(),
      files: new FakeFiles(sources),
      paths: new ProjectPaths(ROOT),
    };
    const response = await fileDeps(deps, { file: 'src/lib.ts', direction: 'in' });
    const lines = presentAnswer('deps', response, 'compact').output.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      "src/a.ts:1  import { x } from '@app/lib';  *",
      "src/b.ts:1  import { y } from '@app/lib';  *",
      "src/c.ts:1  import { z } from './lib';",
      '* via paths @app/* (tsconfig.json)',
      'tests: 12 more import statements in 12 test files (test/e2e 6, test/unit 6); list them: --refs-in "<dir>/**"',
    ]);
    // Asked for the tests, they are listed.
    const asked = await fileDeps(deps, { file: 'src/lib.ts', direction: 'in', refsIn: 'test/**' });
    expect(
      presentAnswer('deps', asked, 'compact')
        .output.split('\n')
        .filter((line) => line.startsWith('test/')),
    ).toHaveLength(tests.length);
    // JSON keeps every edge.
    expect(response.edges).toHaveLength(3 + tests.length);
  });

  it('walks importers breadth first and flags entry points', async () => {
    const { deps } = setup();
    const response = await fileDeps(deps, { file: 'src/util/format.ts', direction: 'in', depth: 3 });
    expect(response.nodes.map((node) => `${node.id}@${node.depth}${node.entryPoint ? ' entry' : ''}`)).toEqual([
      'src/util/format.ts@0',
      'src/legacy.cjs@1',
      'src/util/index.ts@1',
      'src/main.ts@2',
      'src/app.test.ts@3 entry',
      'src/index.ts@3 entry',
    ]);
    expect(response.edges.every((edge) => edge.kind === 'imports')).toBe(true);
    expect(response.edges.map((edge) => `${edge.from} → ${edge.to}`)).toContain('src/main.ts → src/legacy.cjs');
  });

  it('--refs-in / --refs-not-in choose the importers, counting the import statements left out', async () => {
    const { deps } = setup();
    const response = await fileDeps(deps, { file: 'src/main.ts', direction: 'in', refsNotIn: '**/*.test.ts' });
    expect(response.edges.map((edge) => edge.from)).toEqual(['src/index.ts']);
    expect(response.filteredImports).toBe(1);
    expect(presentAnswer('deps', response, 'compact').output).toContain(
      '1 import in files --refs-in/--refs-not-in exclude: left out',
    );
    const only = await fileDeps(deps, { file: 'src/main.ts', direction: 'in', refsIn: 'src/app.test.ts' });
    expect(only.edges.map((edge) => edge.from)).toEqual(['src/app.test.ts']);
    // A file's own imports are all listed: the filters choose importers only.
    const error = await fileDeps(deps, { file: 'src/main.ts', refsIn: 'src' }).catch((caught: CnError) => caught);
    expect((error as CnError).message).toMatch(/--refs-in and --refs-not-in choose importers/);
  });

  it.each([
    [{ file: 'src/nope.ts' }, /no such file/],
    [{ file: '../outside.ts' }, /outside the project root/],
    [{}, /no file given/],
    [{ file: 'src/main.ts', depth: 99 }, /depth/],
  ])('refuses %j as bad input', async (request, message) => {
    const { deps } = setup();
    const error = await fileDeps(deps, request).catch((caught: CnError) => caught);
    expect((error as CnError).kind).toBe('bad-input');
    expect((error as CnError).message).toMatch(message);
  });
});

describe('fileDeps says which other imports name the file (issue 23: agents searched import lines after deps)', () => {
  function twoHtmls() {
    const sources = {
      'src/utils/html.ts': '',
      'src/jsx/html.ts': '',
      'src/page.ts': '',
      'src/jsx/index.ts': '',
      'src/broken.ts': '',
    };
    const importGraph = new FakeImportGraph(
      {
        'src/utils/html.ts': [],
        'src/jsx/html.ts': [],
        'src/page.ts': [{ specifier: './utils/html.js', resolvedFile: 'src/utils/html.ts', line: 1, character: 20 }],
        'src/jsx/index.ts': [{ specifier: './html', resolvedFile: 'src/jsx/html.ts', line: 3, character: 20 }],
        'src/broken.ts': [{ specifier: './htm/html', line: 2, character: 20 }],
      },
      [],
    );
    const deps = {
      importGraph,
      engine: new FakeEngine(),
      files: new FakeFiles(sources),
      paths: new ProjectPaths(ROOT),
    };
    return deps;
  }

  it('those that resolve elsewhere or to nothing, each with where it goes; none said as 0', async () => {
    const deps = twoHtmls();
    const response = await fileDeps(deps, { file: 'src/utils/html.ts', direction: 'in' });
    expect(response.edges.map((edge) => edge.from)).toEqual(['src/page.ts']);
    expect(response.namesakeImports).toEqual([
      { site: 'src/broken.ts::2::20', specifier: './htm/html' },
      { site: 'src/jsx/index.ts::3::20', specifier: './html', to: 'src/jsx/html.ts' },
    ]);
    expect(response.namesakeImportCount).toBe(2);
    expect(presentAnswer('deps', response, 'compact').output.split('\n')).toContain(
      "other imports naming html: 2, resolving elsewhere: unresolved: src/broken.ts:2 './htm/html'; " +
        "→ src/jsx/html.ts: src/jsx/index.ts:3 './html'",
    );
    const page = await fileDeps(deps, { file: 'src/page.ts', direction: 'in' });
    expect(page.namesakeImportCount).toBe(0);
    expect(presentAnswer('deps', page, 'compact').output).toContain(
      'other imports naming page: none (every import whose path ends in page is listed)',
    );
    // The importer filters hold for them too: one in a file left out is counted apart, not listed.
    const scoped = await fileDeps(deps, { file: 'src/utils/html.ts', direction: 'in', refsNotIn: 'src/jsx/**' });
    expect(scoped.namesakeImports).toEqual([{ site: 'src/broken.ts::2::20', specifier: './htm/html' }]);
    expect(scoped.namesakeImportsLeftOut).toBe(1);
    expect(presentAnswer('deps', scoped, 'compact').output).toContain(
      'other imports naming html: 1 (+1 in files --refs-in/--refs-not-in exclude), resolving elsewhere: unresolved: ' +
        "src/broken.ts:2 './htm/html'",
    );
    // Only importers are searched for them: a file's own imports (out) say nothing of the kind.
    expect((await fileDeps(deps, { file: 'src/page.ts' })).namesakeImportCount).toBeUndefined();
  });

  it("a package's entry point is also named as its importers name it (mysql of @mikro-orm/mysql), not only src", async () => {
    const importGraph = new FakeImportGraph(
      {
        'packages/mysql/src/index.ts': [],
        'packages/mariadb/src/driver.ts': [
          { specifier: '@mikro-orm/mysql', resolvedFile: 'packages/mysql/src/index.ts', line: 1, character: 30 },
        ],
        'packages/core/src/config.ts': [{ specifier: 'mysql', line: 4, character: 20 }],
        'packages/cli/src/export.ts': [],
      },
      [],
    );
    const files = new FakeFiles({
      'packages/mysql/src/index.ts': '',
      'packages/mariadb/src/driver.ts': "import { MySqlDriver } from '@mikro-orm/mysql';\n",
      'packages/core/src/config.ts': '',
      // The package's name in a string, and another package's that begins alike: one mention.
      'packages/cli/src/export.ts':
        "const drivers = { MySqlDriver: '@mikro-orm/mysql', Base: '@mikro-orm/mysql-base' };\n" +
        "/**\n * import { MySqlDriver } from '@mikro-orm/mysql';\n */\n// see '@mikro-orm/mysql'\n",
    });
    const deps = { importGraph, engine: new FakeEngine(), files, paths: new ProjectPaths(ROOT) };
    const response = await fileDeps(deps, { file: 'packages/mysql/src/index.ts', direction: 'in' });
    expect(response.namesakeNames).toEqual(['src', 'mysql']);
    expect(response.namesakeImports).toEqual([{ site: 'packages/core/src/config.ts::4::20', specifier: 'mysql' }]);
    expect(presentAnswer('deps', response, 'compact').output).toContain(
      "other imports naming src or mysql: 1, resolving elsewhere: unresolved: packages/core/src/config.ts:4 'mysql'",
    );
    // What a search for the package's name adds to the importers: the file that writes it without importing it.
    expect(response.specifierMentions).toEqual({
      specifiers: ['@mikro-orm/mysql'],
      files: [
        {
          file: 'packages/cli/src/export.ts',
          count: 3,
          places: [
            { line: 1, in: 'string', text: "…drivers = { MySqlDriver: '@mikro-orm/mysql', Base:…" },
            { line: 3, in: 'comment', text: "…import { MySqlDriver } from '@mikro-orm/mysql';" },
            { line: 5, in: 'comment', text: "// see '@mikro-orm/mysql'" },
          ],
        },
      ],
      totalFiles: 1,
    });
    // Each place said, string or comment, so the lines need no reading (agents ran rg over the files listed).
    expect(presentAnswer('deps', response, 'compact').output).toContain(
      "other files writing '@mikro-orm/mysql' (no import of it): 1: packages/cli/src/export.ts ×3 (string :1 …drivers = { MySqlDriver: '@mikro-orm/mysql', Base:… ┆ comment :3 …import { MySqlDriver } from '@mikro-orm/mysql'; ┆ comment :5 // see '@mikro-orm/mysql')",
    );
    // Within the importer filters only; a relative importer's specifier is no text to search for.
    const filtered = await fileDeps(deps, {
      file: 'packages/mysql/src/index.ts',
      direction: 'in',
      refsNotIn: 'packages/cli/**',
    });
    expect(filtered.specifierMentions).toMatchObject({ totalFiles: 0 });
    expect(presentAnswer('deps', filtered, 'compact').output).toContain("other files writing '@mikro-orm/mysql': none");
  });
});

describe('findOrphans', () => {
  it('lists files no other file imports (self-imports do not count), entry points flagged, declarations left out', async () => {
    const { deps } = setup();
    expect(await findOrphans(deps)).toEqual({
      orphans: [
        { filePath: 'src/app.test.ts', entryPoint: true },
        { filePath: 'src/index.ts', entryPoint: true },
        { filePath: 'src/orphan.ts', entryPoint: false },
      ],
      totalFiles: 7,
      projects: 0,
      complete: true,
    });
  });
});

describe('findOrphans says why a file may be an orphan by mistake', () => {
  it('an import elsewhere that resolves to nothing and names the file (or its directory, for an index)', async () => {
    const importGraph = new FakeImportGraph({
      'src/page.ts': [{ specifier: '~/view-common', line: 1, character: 28 }],
      'src/view-common.ts': [{ specifier: '../gone/view-common.js', line: 2, character: 9 }],
      'src/widgets/index.ts': [],
      'src/app.ts': [{ specifier: '@app/widgets', line: 3, character: 20 }],
      'src/lonely.ts': [{ specifier: './lonely-helper', line: 1, character: 1 }],
    });
    const deps = {
      importGraph,
      navigation: new FakeNavigation(),
      engine: new FakeEngine(),
      files: new FakeFiles({}),
      paths: new ProjectPaths(ROOT),
    };
    const { orphans } = await findOrphans(deps);
    expect(orphans.filter((orphan) => orphan.unresolvedImport)).toEqual([
      {
        filePath: 'src/view-common.ts',
        entryPoint: false,
        unresolvedImport: { site: 'src/page.ts::1::28', specifier: '~/view-common' },
      },
      {
        filePath: 'src/widgets/index.ts',
        entryPoint: false,
        unresolvedImport: { site: 'src/app.ts::3::20', specifier: '@app/widgets' },
      },
    ]);
    expect(presentAnswer('deps', { orphans, totalFiles: 5, projects: 1, complete: true }, 'text').output).toContain(
      "src/view-common.ts  (unresolved '~/view-common' at src/page.ts:1 may mean it)",
    );
  });
});

describe('listDiagnostics', () => {
  const broken = {
    filePath: `${ROOT}/src/main.ts`,
    range: { start: { line: 3, character: 7 }, end: { line: 3, character: 9 } },
    severity: 'error' as const,
    code: 'TS2322',
    message: 'nope',
  };

  it('checks named files and gives each diagnostic an id', async () => {
    const { deps, navigation } = setup();
    navigation.diagnosticsOf[`${ROOT}/src/main.ts`] = [broken];
    const response = await listDiagnostics(deps, { files: ['src/main.ts', 'src/index.ts'] });
    expect(response).toEqual({
      diagnostics: [
        {
          id: 'src/main.ts::3::7',
          filePath: 'src/main.ts',
          line: 3,
          character: 7,
          severity: 'error',
          code: 'TS2322',
          message: 'nope',
        },
      ],
      filesChecked: 2,
      totalFiles: 2,
    });
  });

  it('checks every project file (not declarations) without files, a page at a time when asked', async () => {
    const { deps, navigation } = setup();
    const all = await listDiagnostics(deps, {});
    expect(all).toMatchObject({ filesChecked: 7, totalFiles: 7 });
    expect(all.nextOffset).toBeUndefined();
    const first = await listDiagnostics(deps, { offset: 0, limit: 5 });
    expect(first).toMatchObject({ filesChecked: 5, totalFiles: 7, nextOffset: 5 });
    const second = await listDiagnostics(deps, { offset: 5, limit: 5 });
    expect(second).toMatchObject({ filesChecked: 2, totalFiles: 7 });
    expect(second.nextOffset).toBeUndefined();
    expect(navigation.diagnosticsAsked.flat()).not.toContain(`${ROOT}/src/types.d.ts`);
  });

  it('refuses missing files', async () => {
    const { deps } = setup();
    await expect(listDiagnostics(deps, { files: ['src/nope.ts'] })).rejects.toThrow(/no such file/);
  });

  it('checks the project files under a named directory, with named files, a page at a time (issue 24, item 12)', async () => {
    const { deps, navigation } = setup();
    navigation.diagnosticsOf[`${ROOT}/src/util/format.ts`] = [{ ...broken, filePath: `${ROOT}/src/util/format.ts` }];
    const under = await listDiagnostics(deps, { files: ['src/util', 'src/main.ts', 'src/util/format.ts'] });
    expect(under).toMatchObject({ filesChecked: 3, totalFiles: 3 });
    expect(under.diagnostics.map((diagnostic) => diagnostic.id)).toEqual(['src/util/format.ts::3::7']);
    expect(navigation.diagnosticsAsked.at(-1)).toEqual([
      `${ROOT}/src/util/format.ts`,
      `${ROOT}/src/util/index.ts`,
      `${ROOT}/src/main.ts`,
    ]);
    const first = await listDiagnostics(deps, { files: ['src'], offset: 0, limit: 4 });
    expect(first).toMatchObject({ filesChecked: 4, totalFiles: 7, nextOffset: 4 });
    const rest = await listDiagnostics(deps, { files: ['src'], offset: 4, limit: 4 });
    expect(rest).toMatchObject({ filesChecked: 3, totalFiles: 7 });
    await expect(listDiagnostics(deps, { files: ['src/nowhere'] })).rejects.toThrow(/no such file/);
  });
});
