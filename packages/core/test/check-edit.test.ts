import { describe, expect, it } from 'vitest';
import { CnError, ProjectPaths, checkEdit, type EditChecking, type EngineDiagnostic } from '../src/index.js';
import { FakeFiles, ROOT } from './fakes.js';
import { FakeImportGraph, FakeNavigation } from './navigation-fakes.js';

/** The engine with an unsaved text: answers what it was given for that text; records what it was asked. */
class FakeChecking implements EditChecking {
  diagnosticsOf: Record<string, EngineDiagnostic[]> = {};
  asked: Array<{ filePath: string; text: string; filePaths: string[] }> = [];

  async diagnosticsWithText(filePath: string, text: string, filePaths: string[]): Promise<EngineDiagnostic[]> {
    this.asked.push({ filePath, text, filePaths });
    return filePaths.flatMap((file) => this.diagnosticsOf[file] ?? []);
  }
}

const MONEY = `${ROOT}/src/money.ts`;
const CART = `${ROOT}/src/cart.ts`;

function error(filePath: string, line: number, code: string, message: string): EngineDiagnostic {
  const start = { line, character: 3 };
  return { filePath, range: { start, end: start }, severity: 'error', code, message };
}

function setup() {
  const navigation = new FakeNavigation();
  const checking = new FakeChecking();
  const importGraph = new FakeImportGraph({
    'src/money.ts': [],
    'src/cart.ts': [{ specifier: './money', resolvedFile: 'src/money.ts' }],
    'src/other.ts': [],
  });
  const files = new FakeFiles({ 'src/money.ts': 'a\nb\nc', 'src/cart.ts': '', 'src/other.ts': '' });
  return { navigation, checking, importGraph, files, paths: new ProjectPaths(ROOT) };
}

describe('cn check', () => {
  it('asks the disk text, then the edit, for the file and its direct importers only', async () => {
    const deps = setup();
    const answer = await checkEdit(deps, { file: 'src/money.ts', content: 'x' });
    expect(deps.navigation.diagnosticsAsked).toEqual([[MONEY, CART]]);
    expect(deps.checking.asked).toEqual([{ filePath: MONEY, text: 'x', filePaths: [MONEY, CART] }]);
    expect(answer).toEqual({
      file: 'src/money.ts',
      diagnostics: [],
      importers: ['src/cart.ts'],
      errors: 0,
      newErrors: 0,
      fixedErrors: 0,
    });
  });

  it('marks the errors the edit adds as new, in the file and in its importers, and counts the ones it fixes', async () => {
    const deps = setup();
    deps.navigation.diagnosticsOf[MONEY] = [error(MONEY, 2, 'TS2322', 'old'), error(MONEY, 3, 'TS1005', 'fixed')];
    // One line added above: the old error moved from line 2 to 3, with the same words.
    deps.checking.diagnosticsOf[MONEY] = [error(MONEY, 3, 'TS2322', 'old'), error(MONEY, 1, 'TS2322', 'added')];
    deps.checking.diagnosticsOf[CART] = [error(CART, 5, 'TS2345', 'broken call')];
    const answer = await checkEdit(deps, { file: 'src/money.ts', content: 'z\na\nb\nc' });
    expect(answer.diagnostics.map((entry) => [entry.id, entry.message, entry.new])).toEqual([
      ['src/money.ts::1::3', 'added', true],
      ['src/money.ts::3::3', 'old', false],
      ['src/cart.ts::5::3', 'broken call', true],
    ]);
    expect([answer.errors, answer.newErrors, answer.fixedErrors]).toEqual([3, 2, 1]);
  });

  it('a second error with the words of one already there is new; the one already there is not', async () => {
    const deps = setup();
    deps.navigation.diagnosticsOf[MONEY] = [error(MONEY, 2, 'TS2322', 'same')];
    deps.checking.diagnosticsOf[MONEY] = [error(MONEY, 1, 'TS2322', 'same'), error(MONEY, 2, 'TS2322', 'same')];
    const answer = await checkEdit(deps, { file: 'src/money.ts', content: 'a\nb\nc' });
    expect(answer.diagnostics.map((entry) => [entry.line, entry.new])).toEqual([
      [1, true],
      [2, false],
    ]);
  });

  it('refuses a content that is not text before asking the engine', async () => {
    for (const content of ['a\u0000b', 'lone \ud800 half']) {
      const deps = setup();
      const refusal = await checkEdit(deps, { file: 'src/money.ts', content }).catch((caught: unknown) => caught);
      expect(refusal).toBeInstanceOf(CnError);
      expect((refusal as CnError).kind).toBe('bad-input');
      expect(deps.checking.asked).toEqual([]);
    }
  });

  it('refuses a file that is not there or not source', async () => {
    const deps = setup();
    await expect(checkEdit(deps, { file: 'src/gone.ts', content: '' })).rejects.toThrow(/gone/);
    await expect(checkEdit(deps, { file: '../outside.ts', content: '' })).rejects.toThrow(/outside/);
    expect(deps.checking.asked).toEqual([]);
  });
});
