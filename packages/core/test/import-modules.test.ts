import { describe, expect, it } from 'vitest';
import { ProjectPaths } from '../src/index.js';
import { ImportModules, namesModule } from '../src/usecases/import-modules.js';
import { LocationRefBuilder } from '../src/usecases/location-refs.js';
import { FakeFiles, ROOT } from './fakes.js';

describe('the module of an import line that does not show it', () => {
  it('knows the lines that show their module', () => {
    expect(namesModule("import { raw } from '@mikro-orm/sql';")).toBe(true);
    expect(namesModule("const { raw } = require('./raw');")).toBe(true);
    expect(namesModule("const m = await import('./raw.js');")).toBe(true);
    expect(namesModule('  raw,')).toBe(false);
    // A long line's preview, cut inside its specifier.
    expect(namesModule("import { type AnyString, type Dictionary, raw, Utils } from '")).toBe(false);
    expect(namesModule('  raw as raw_,')).toBe(false);
    expect(namesModule(undefined)).toBe(false);
  });

  it('is the module of the statement a name of a list spread over lines is in (mikro-orm: whose raw each imports)', async () => {
    const files = new FakeFiles({
      'src/a.ts': [
        'import {', // 1
        '  type Dictionary,', // 2
        '  raw,', // 3
        "} from '@mikro-orm/sql';", // 4
        'export {', // 5
        '  quote,', // 6
        "} from './quote.js';", // 7
        'const raw2 = 1;', // 8
      ].join('\n'),
    });
    const modules = new ImportModules(new LocationRefBuilder(files, new ProjectPaths(ROOT)));
    expect(await modules.at(`${ROOT}/src/a.ts`, 3)).toBe('@mikro-orm/sql');
    expect(await modules.at(`${ROOT}/src/a.ts`, 6)).toBe('./quote.js');
    expect(await modules.at(`${ROOT}/src/a.ts`, 8)).toBeUndefined();
  });
});
