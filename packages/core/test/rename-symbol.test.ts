import { describe, expect, it } from 'vitest';
import { ProjectPaths, presentAnswer, renameSymbol, type EngineRenameEdit } from '../src/index.js';
import { FakeEngine, FakeFiles, FakeReferenceSyntax, ROOT, at, node } from './fakes.js';
import { FakeNavigation } from './navigation-fakes.js';
import { FakeRenaming, FakeWriter } from './rename-fakes.js';

const FORMAT = [
  'export function formatPrice(cents: number) {',
  '  return `${cents}`;',
  '}',
  'export const other = 1;',
  '',
].join('\n');
const CHECKOUT = [
  "import { formatPrice as price } from './format';",
  "import { formatPrice } from './format';",
  'export const shown = formatPrice(1) + price(2);',
  'export const priceOf = 3;',
  '',
].join('\n');

const edit = (file: string, line: number, character: number, newText: string): EngineRenameEdit => ({
  ...at(file, line, character, line, character + 'formatPrice'.length),
  newText,
});

function setup(checkout = CHECKOUT) {
  const engine = new FakeEngine();
  const format = `${ROOT}/src/format.ts`;
  engine.symbols = [
    {
      name: 'formatPrice',
      kind: 'Function',
      filePath: format,
      range: { start: { line: 1, character: 1 }, end: { line: 3, character: 2 } },
    },
  ];
  engine.outlines[format] = [
    node('formatPrice', 'Function', [1, 3], [1, 17]),
    node('other', 'Variable', [4, 4], [4, 14]),
  ];
  engine.outlines[`${ROOT}/src/checkout.ts`] = [
    node('shown', 'Variable', [3, 3], [3, 14]),
    node('priceOf', 'Variable', [4, 4], [4, 14]),
  ];
  engine.definitionsAt[`${format}:1:17`] = [at('src/format.ts', 1, 17)];
  const files = new FakeFiles({ 'src/format.ts': FORMAT, 'src/checkout.ts': checkout });
  const renaming = new FakeRenaming();
  renaming.preparations[`${format}:1:17`] = { renameable: true, range: at('src/format.ts', 1, 17, 1, 28).range };
  renaming.editsAt[`${format}:1:17`] = (newName) => [
    edit('src/format.ts', 1, 17, newName),
    edit('src/checkout.ts', 1, 10, newName),
    edit('src/checkout.ts', 2, 10, newName),
    edit('src/checkout.ts', 3, 22, newName),
  ];
  const navigation = new FakeNavigation();
  const writer = new FakeWriter(files);
  const referenceSyntax = new FakeReferenceSyntax();
  const paths = new ProjectPaths(ROOT);
  const deps = { engine, symbols: engine, navigation, renaming, writer, files, paths, referenceSyntax };
  return { engine, files, renaming, navigation, writer, referenceSyntax, deps };
}

describe('renameSymbol', () => {
  it('previews every edit by file and line and writes nothing', async () => {
    const { deps, files, writer } = setup();
    const answer = await renameSymbol(deps, { target: 'formatPrice', newName: 'toPrice' });
    expect(answer).toMatchObject({ oldName: 'formatPrice', newName: 'toPrice', applied: false, editCount: 4 });
    expect(answer.files.map((file) => file.filePath)).toEqual(['src/checkout.ts', 'src/format.ts']);
    expect(answer.files[0]!.lines[0]).toEqual({
      line: 1,
      old: "import { formatPrice as price } from './format';",
      new: "import { toPrice as price } from './format';",
      edits: [{ id: 'src/checkout.ts::1::10', line: 1, character: 10, oldText: 'formatPrice', newText: 'toPrice' }],
    });
    expect(writer.writes).toBe(0);
    expect(files.files['src/format.ts']).toBe(FORMAT);
    const text = presentAnswer('rename', answer, 'text').output;
    expect(text).toContain(
      '@@ -3 +3 @@\n-export const shown = formatPrice(1) + price(2);\n+export const shown = toPrice(1) + price(2);',
    );
  });

  it('refuses names that are no identifier, reserved words and a private mismatch before asking the engine', async () => {
    const { deps } = setup();
    for (const [newName, message] of [
      ['to price', /not a valid identifier/],
      ['1st', /not a valid identifier/],
      ['import', /reserved word/],
      ['#price', /not a private name/],
      ['formatPrice', /already has that name/],
    ] as const)
      await expect(renameSymbol(deps, { target: 'formatPrice', newName }), newName).rejects.toMatchObject({
        kind: 'bad-input',
        message: expect.stringMatching(message),
      });
  });

  it('refuses a new name declared beside the symbol, or at the top of a file whose local name it renames', async () => {
    const { deps } = setup();
    await expect(renameSymbol(deps, { target: 'formatPrice', newName: 'other' })).rejects.toMatchObject({
      kind: 'bad-input',
      message: "'other' is already declared in src/format.ts at src/format.ts::4::14",
    });
    await expect(renameSymbol(deps, { target: 'formatPrice', newName: 'priceOf' })).rejects.toMatchObject({
      message: "'priceOf' is already declared in src/checkout.ts at src/checkout.ts::4::14",
    });
  });

  it('refuses a rename the syntax says changes what a name means inside a scope, naming the place; writes nothing', async () => {
    const { deps, referenceSyntax, writer } = setup();
    const checkout = `${ROOT}/src/checkout.ts`;
    const refusals = [
      [
        { kind: 'captured', use: { line: 3, character: 22 }, declaration: { line: 2, character: 9 } },
        "not renamed: the use of 'formatPrice' at src/checkout.ts::3::22 would refer to the local 'total' declared at src/checkout.ts::2::9",
      ],
      [
        { kind: 'shadows', use: { line: 3, character: 40 } },
        "not renamed: 'total' at src/checkout.ts::3::40 would refer to the renamed 'formatPrice' instead of its own declaration",
      ],
      [
        { kind: 'duplicate', use: { line: 3, character: 22 }, declaration: { line: 2, character: 9 } },
        "'total' is already declared in src/checkout.ts at src/checkout.ts::2::9",
      ],
    ] as const;
    for (const [capture, message] of refusals) {
      referenceSyntax.captures[checkout] = [capture];
      await expect(renameSymbol(deps, { target: 'formatPrice', newName: 'total', apply: true })).rejects.toMatchObject({
        kind: 'bad-input',
        message,
      });
    }
    expect(writer.writes).toBe(0);
  });

  it('lets a file that only imports the name under an alias keep a declaration of the new name', async () => {
    const aliased = [
      "import { formatPrice as price } from './format';",
      '',
      'export const shown = price(2);',
      'export const priceOf = 3;',
      '',
    ].join('\n');
    const { deps, renaming } = setup(aliased);
    renaming.editsAt[`${ROOT}/src/format.ts:1:17`] = (newName) => [
      edit('src/format.ts', 1, 17, newName),
      edit('src/checkout.ts', 1, 10, newName),
    ];
    const answer = await renameSymbol(deps, { target: 'formatPrice', newName: 'priceOf' });
    expect(answer.editCount).toBe(2);
  });

  it('refuses a symbol declared outside the root or in node_modules, and the engine’s own refusal', async () => {
    const outside = setup();
    outside.files.linkedOut.add('src/format.ts');
    await expect(renameSymbol(outside.deps, { target: 'formatPrice', newName: 'toPrice' })).rejects.toMatchObject({
      message: 'not renamed: the symbol is declared outside the project root',
    });
    const library = setup();
    library.engine.definitionsAt[`${ROOT}/src/format.ts:1:17`] = [at('node_modules/pkg/index.d.ts', 1, 1)];
    await expect(renameSymbol(library.deps, { target: 'formatPrice', newName: 'toPrice' })).rejects.toMatchObject({
      message: 'not renamed: the symbol is declared in node_modules/pkg/index.d.ts',
    });
    const refused = setup();
    refused.renaming.preparations[`${ROOT}/src/format.ts:1:17`] = {
      renameable: false,
      reason: 'You cannot rename this element.',
    };
    await expect(renameSymbol(refused.deps, { target: 'formatPrice', newName: 'toPrice' })).rejects.toMatchObject({
      kind: 'bad-input',
      message: "the compiler will not rename 'formatPrice': You cannot rename this element.",
    });
  });

  it('refuses to apply a stale preview (conflict) and writes nothing', async () => {
    const { deps, files, writer } = setup();
    const preview = await renameSymbol(deps, { target: 'formatPrice', newName: 'toPrice' });
    files.files['src/checkout.ts'] = `${CHECKOUT}// later\n`;
    await expect(
      renameSymbol(deps, { target: 'formatPrice', newName: 'toPrice', apply: true, ifUnchanged: preview.fingerprint }),
    ).rejects.toMatchObject({ kind: 'conflict' });
    expect(writer.writes).toBe(0);
  });

  it('applies: writes every file, tells the engine, and reports the errors it added', async () => {
    const { deps, files, renaming, navigation } = setup();
    navigation.diagnosticsOf[`${ROOT}/src/checkout.ts`] = [];
    const preview = await renameSymbol(deps, { target: 'formatPrice', newName: 'toPrice' });
    // The engine sees the new texts after the write: here it reports one new error.
    const writtenError = {
      filePath: `${ROOT}/src/checkout.ts`,
      range: at('src/checkout.ts', 3, 22).range,
      severity: 'error' as const,
      code: '2304',
      message: "Cannot find name 'x'.",
    };
    const written = renaming.filesWritten.bind(renaming);
    renaming.filesWritten = async (paths) => {
      navigation.diagnosticsOf[`${ROOT}/src/checkout.ts`] = [writtenError];
      return written(paths);
    };
    const answer = await renameSymbol(deps, {
      target: 'formatPrice',
      newName: 'toPrice',
      apply: true,
      ifUnchanged: preview.fingerprint,
    });
    expect(answer.applied).toBe(true);
    expect(files.files['src/checkout.ts']).toContain('export const shown = toPrice(1) + price(2);');
    expect(files.files['src/format.ts']).toContain('export function toPrice(cents: number) {');
    expect(renaming.written).toEqual([[`${ROOT}/src/format.ts`, `${ROOT}/src/checkout.ts`]]);
    expect(answer.diagnostics).toEqual({
      before: 0,
      after: 1,
      added: [{ id: 'src/checkout.ts::3::22', code: '2304', message: "Cannot find name 'x'." }],
    });
    expect(presentAnswer('rename', answer, 'compact').output).toContain(
      'errors in the touched files: 0 before, 1 after: the rename added errors',
    );
  });

  it('refuses edits that no longer match the file (it changed after the engine answered)', async () => {
    const { deps, files } = setup();
    files.files['src/checkout.ts'] = CHECKOUT.replace(
      "import { formatPrice } from './format';",
      "import { formatCost } from './format';",
    );
    await expect(renameSymbol(deps, { target: 'formatPrice', newName: 'toPrice' })).rejects.toMatchObject({
      kind: 'engine-failure',
      message: expect.stringContaining('src/checkout.ts at line 2'),
    });
  });
});
