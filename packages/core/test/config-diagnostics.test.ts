import { describe, expect, it } from 'vitest';
import { ProjectPaths, configErrorsWarning, describeConfigError, listDiagnostics } from '../src/index.js';
import type { EngineDiagnostic } from '../src/ports/navigation.js';
import { FakeFiles, ROOT } from './fakes.js';
import { FakeImportGraph, FakeNavigation } from './navigation-fakes.js';

/** The engine's report of a tsconfig tsc cannot read. */
class NavigationWithBrokenConfig extends FakeNavigation {
  configDiagnostics(): EngineDiagnostic[] {
    return [
      {
        filePath: `${ROOT}/tsconfig.json`,
        range: { start: { line: 7, character: 5 }, end: { line: 7, character: 5 } },
        severity: 'error',
        code: 'TS1005',
        message: "',' expected.",
      },
    ];
  }
}

function setup() {
  const navigation = new NavigationWithBrokenConfig();
  const importGraph = new FakeImportGraph({ 'src/a.ts': [], 'src/b.ts': [] });
  const files = new FakeFiles({ 'src/a.ts': '', 'src/b.ts': '' });
  return { navigation, importGraph, files, paths: new ProjectPaths(ROOT) };
}

describe('config errors in diagnostics', () => {
  const entry = {
    id: 'tsconfig.json::7::5',
    filePath: 'tsconfig.json',
    line: 7,
    character: 5,
    severity: 'error',
    code: 'TS1005',
    message: "',' expected.",
  };

  it('the whole project’s diagnostics include them, once: on the first page', async () => {
    const deps = setup();
    expect((await listDiagnostics(deps, {})).diagnostics).toEqual([entry]);
    expect((await listDiagnostics(deps, { offset: 0, limit: 1 })).diagnostics).toEqual([entry]);
    expect((await listDiagnostics(deps, { offset: 1, limit: 1 })).diagnostics).toEqual([]);
  });

  it('named files’ diagnostics do not', async () => {
    expect((await listDiagnostics(setup(), { files: ['src/a.ts'] })).diagnostics).toEqual([]);
  });

  it('are told in one line, with how many more', () => {
    const error = { file: 'tsconfig.json', line: 7, character: 5, code: 'TS1005', message: "',' expected." };
    expect(describeConfigError(error)).toBe("tsconfig.json:7:5: ',' expected. (TS1005)");
    expect(configErrorsWarning([])).toBeUndefined();
    expect(configErrorsWarning([error, { ...error, file: 'app/tsconfig.json' }])).toMatch(
      /^tsconfig\.json:7:5: ',' expected\. \(TS1005\) and 1 more - /,
    );
  });
});
