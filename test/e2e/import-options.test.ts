import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

/**
 * Issue 24.0: deps, orphans and unused resolve every import with the options of the project the engine gives its
 * file. The fixture's root tsconfig.json lists every file (no `include`) with options under which these imports do
 * not resolve; each directory's own config extends it with one option that makes them resolve.
 */
const CASES = [
  { option: 'paths + baseUrl', target: 'paths-base/src/view-common.ts', importer: 'paths-base/src/page.ts' },
  { option: 'paths without baseUrl', target: 'paths-only/lib/tool.ts', importer: 'paths-only/main.ts' },
  { option: 'a 3-level extends chain', target: 'chain/src/deep.ts', importer: 'chain/src/use.ts' },
  { option: 'customConditions', target: 'conditions/src/index.ts', importer: 'conditions/src/consumer.ts' },
  { option: 'moduleSuffixes', target: 'suffixes/src/button.ios.ts', importer: 'suffixes/src/app.ts' },
  { option: 'package.json exports', target: 'exports/src/feature.ts', importer: 'exports/src/entry.ts' },
  { option: 'package.json imports', target: 'imports/src/internal/secret.ts', importer: 'imports/src/main.ts' },
];

interface Edge {
  from: string;
  to: string;
}

describe('imports resolved with the options of the project that owns the file (both engines)', () => {
  let root: string;
  beforeAll(() => {
    root = copyProject('test/fixtures/import-options');
  });
  afterAll(() => cleanUp(root));

  it.each(CASES)('$option: deps out and in agree on the edge', async ({ target, importer }) => {
    const out = json(await cn(['deps', importer, '--root', root]));
    expect(out.edges.map((edge: Edge) => `${edge.from} → ${edge.to}`)).toEqual([`${importer} → ${target}`]);
    const inward = json(await cn(['deps', target, '--direction', 'in', '--root', root]));
    expect(inward.edges.map((edge: Edge) => edge.from)).toContain(importer);
  });

  it('the paths alias and the relative import of one file both count as importers, each with its statement', async () => {
    const inward = json(await cn(['deps', 'paths-base/src/view-common.ts', '--direction', 'in', '--root', root]));
    expect(inward.edges.map((edge: Edge) => edge.from)).toEqual(['paths-base/src/page.ts', 'paths-base/src/panel.ts']);
    const compact = await cn([
      ...['deps', 'paths-base/src/view-common.ts', '--direction', 'in', '--format', 'compact', '--root', root],
    ]);
    expect(compact.stdout.split('\n').slice(0, 2)).toEqual([
      "paths-base/src/page.ts:1  import { viewCommon } from '~/view-common.ts';  via paths ~/* (paths-base/tsconfig.json)",
      "paths-base/src/panel.ts:1  import { viewCommon } from './view-common';",
    ]);
  });

  it('names the config of an extends chain that declares the alias', async () => {
    const out = json(await cn(['deps', 'chain/src/use.ts', '--root', root]));
    expect(out.edges[0].statements).toEqual([
      {
        line: 1,
        text: "import { deep } from '@chain/deep';",
        via: { paths: '@chain/*', config: 'chain/config/base.json' },
      },
    ]);
  });

  it('the engine resolves the alias as deps does: the importer is among the references', async () => {
    const found = json(await cn(['find', 'viewCommon', '--exact', '--root', root]));
    expect(found.references.map((reference: { filePath: string }) => reference.filePath)).toContain(
      'paths-base/src/page.ts',
    );
  });

  it('no import target is an orphan, and unused --exported reports only what nothing imports', async () => {
    const orphans = json(await cn(['deps', '--orphans', '--root', root]));
    const orphanFiles = orphans.orphans.map((orphan: { filePath: string }) => orphan.filePath);
    for (const { target } of CASES) expect(orphanFiles).not.toContain(target);
    expect(orphanFiles).toContain('suffixes/src/button.ts');
    const unused = json(await cn(['unused', '--exported', '--root', root]));
    const files = unused.files.map((file: { filePath: string }) => file.filePath);
    for (const { target } of CASES) expect(files).not.toContain(target);
    expect(files).toContain('suffixes/src/button.ts');
  });

  it('--refs-not-in leaves importers out and says how many imports; with no importers asked it is refused', async () => {
    const target = 'paths-base/src/view-common.ts';
    const filtered = json(
      await cn(['deps', target, '--direction', 'in', '--refs-not-in', 'paths-base/src/panel.ts', '--root', root]),
    );
    expect(filtered.edges.map((edge: Edge) => edge.from)).toEqual(['paths-base/src/page.ts']);
    expect(filtered.filteredImports).toBe(1);
    const refused = await cn(['deps', target, '--refs-in', 'paths-base', '--root', root]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/^cn: --refs-in and --refs-not-in choose importers/);
  });

  it('says which other imports name the file but resolve elsewhere, or that none do (issue 23)', async () => {
    const target = 'paths-base/src/view-common.ts';
    const ask = async () =>
      (await cn(['deps', target, '--direction', 'in', '--format', 'compact', '--root', root])).stdout.split('\n');
    expect(await ask()).toContain(
      'other imports naming view-common: none (every import whose path ends in view-common is listed)',
    );
    // A second view-common elsewhere, imported as './view-common': a search of import lines would hit it too.
    mkdirSync(path.join(root, 'paths-base/src/widgets'));
    writeFileSync(path.join(root, 'paths-base/src/widgets/view-common.ts'), 'export const widgetCommon = 1;\n');
    writeFileSync(
      path.join(root, 'paths-base/src/widgets/use.ts'),
      "import { widgetCommon } from './view-common';\nexport const used = widgetCommon;\n",
    );
    expect(await ask()).toContain(
      'other imports naming view-common: 1, resolving elsewhere: → paths-base/src/widgets/view-common.ts: ' +
        "paths-base/src/widgets/use.ts:1 './view-common'",
    );
  });
});
