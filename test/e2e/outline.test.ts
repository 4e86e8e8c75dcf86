import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

// The answers an agent needed several calls (or sed) for on hono: one call each here.
describe('cn map / cn inspect: the outline answers in one call', () => {
  let root: string;
  const run = (args: string[]) => cn([...args, '--root', root]);
  beforeAll(() => {
    root = copyProject('test/fixtures/outline');
  });
  afterAll(() => cleanUp(root));

  it('inspect on a method whose signature holds a tuple type gives the method to its closing brace', async () => {
    const answer = json(await run(['inspect', 'src/trie.ts::21::3']));
    expect(answer.result.range).toEqual({ startLine: 21, endLine: 27 });
    expect(answer.result.code.split('\n').at(-1)).toBe('  }');
  });

  it('map of one declaration, by kind and modifiers, names only: "public methods of Node" (issue 23, item 5)', async () => {
    const names = await run(['map', 'src/trie.ts::Node', '--kind', 'method', '--public', '--format', 'names']);
    expect(names).toMatchObject({ exitCode: 0, stderr: '' });
    expect(names.stdout.trim().split('\n')).toEqual([
      'src/trie.ts::Node, Class 8-40 (8 of 11 symbols: method, public)  │ export abstract class Node<T> {  ┆ 40: }',
      'size 13-19',
      'search 21-27',
      'load 29-29',
      'value 31-31',
      'parse 34-39',
    ]);
    const statics = await run(['map', 'src/trie.ts::8::23', '--static', '--format', 'compact']);
    expect(statics.stdout.trim().split('\n')).toEqual([
      'src/trie.ts::Node, Class 8-40 (1 of 11 symbols: static)  │ export abstract class Node<T> {  ┆ 40: }',
      '10:18  private static Property  count  10-10',
    ]);
    const typo = await run(['map', 'src/trie.ts::Nod']);
    expect(typo).toMatchObject({ exitCode: 1, stdout: '' });
    expect(typo.stderr).toBe("cn: no declaration named 'Nod' in src/trie.ts (did you mean src/trie.ts::Node?)\n");
    const unknown = await run(['map', 'src/trie.ts', '--modifier', 'pubic']);
    expect(unknown).toMatchObject({ exitCode: 2, stdout: '' });
    expect(unknown.stderr).toMatch(/^cn: unknown modifier 'pubic' \(use public, #private or one of: /);
  });

  describe('inspect: the enclosing declaration, rg -n of one file, errors only on stderr (issue 24, item 11)', () => {
    it('--expand declaration gives the method where block gives the loop the line is in', async () => {
      const block = json(await run(['inspect', 'src/trie.ts:24']));
      expect(block.result).toMatchObject({ range: { startLine: 23, endLine: 25 }, expand: 'block' });
      const declaration = json(await run(['inspect', 'src/trie.ts:24', '--expand', 'declaration', '--no-code']));
      expect(declaration.result).toEqual({
        id: 'src/trie.ts::21::3',
        filePath: 'src/trie.ts',
        range: { startLine: 21, endLine: 27 },
        expand: 'declaration',
      });
    });

    it('rg -n on one file prints no file name: --file names it; without, one line on stderr and exit 2', async () => {
      // What `rg -n "found" src/trie.ts` prints.
      const rg =
        '22:    const found: [T, Params][] = [];\n24:      if (part === method) found.push([this.value(), this.#params]);\n';
      const piped = await cn(
        ['inspect', '-', '--file', 'src/trie.ts', '--no-code', '--format', 'compact', '--root', root],
        {
          input: rg,
        },
      );
      expect(piped).toMatchObject({ exitCode: 0, stderr: '' });
      expect(piped.stdout.trim()).toBe('src/trie.ts:22-22\nsrc/trie.ts:23-25');
      const without = await cn(['inspect', '-', '--format', 'compact', '--root', root], { input: rg });
      expect(without).toMatchObject({ exitCode: 2, stdout: '' });
      expect(without.stderr).toBe(
        "cn: '22:    const found: [T, Params][] = [];' has a line number but no file (rg omits the file name when it searches one file: pass --file <path>, or run rg with -H)\n",
      );
    });

    it('an id that fails is said on stderr only; stdout keeps the blocks (json keeps failures as data)', async () => {
      const input = 'src/trie.ts:24\nsrc/trie.ts:900\n';
      const compact = await cn(['inspect', '-', '--no-code', '--format', 'compact', '--root', root], { input });
      expect(compact.exitCode).toBe(0);
      expect(compact.stdout.trim()).toBe('src/trie.ts:23-25');
      expect(compact.stderr).toMatch(/^cn: src\/trie\.ts:900: /);
      const text = await cn(['inspect', '-', '--no-code', '--format', 'text', '--root', root], { input });
      expect(text.stdout).not.toMatch(/900/);
      const data = json(await cn(['inspect', '-', '--no-code', '--root', root], { input }));
      expect(data.failures).toEqual([expect.objectContaining({ id: 'src/trie.ts:900' })]);
    });
  });

  it('inspect --no-code gives only the range, in every format', async () => {
    const single = await run(['inspect', 'src/trie.ts::21::3', '--no-code']);
    expect(single.exitCode).toBe(0);
    expect(json(single)).toEqual({
      result: {
        id: 'src/trie.ts::21::3',
        filePath: 'src/trie.ts',
        range: { startLine: 21, endLine: 27 },
        expand: 'block',
      },
    });
    const compact = await run([
      'inspect',
      'src/trie.ts::21::3',
      'src/trie.ts::8::23',
      '--no-code',
      '--format',
      'compact',
    ]);
    expect(compact.stdout.trim()).toBe('src/trie.ts:21-27\nsrc/trie.ts:8-40');
  });

  it('map compact shows each declaration with its modifiers, accessor kind and line range', async () => {
    const result = await run(['map', 'src/trie.ts', '--format', 'compact']);
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        '4:3  EnumMember  Method.Get  4-4',
        '8:23  export abstract Class  Node  8-40',
        '9:3  #private Property  Node.#params  9-9',
        '10:18  private static Property  Node.count  10-10',
        '11:22  protected readonly Property  Node.label  11-11',
        '13:7  Getter  Node.size  13-15',
        '17:7  Setter  Node.size  17-19',
        '21:3  Method  Node.search  21-27',
        '29:9  async Method  Node.load  29-29',
        '31:12  abstract Method  Node.value  31-31',
      ]),
    );
    // Overloads after a JSDoc comment: every id points at the name.
    expect(lines.filter((line) => line.includes('join'))).toEqual([
      '43:17  export Function  join  43-43',
      '45:17  export Function  join  45-45',
      '46:17  export Function  join  46-48',
    ]);
    const text = await run(['map', 'src/trie.ts', '--format', 'text']);
    expect(text.stdout).toMatch(/^21-27 {4}Method {6}search$/m);
    expect(text.stdout).toMatch(/^10-10 {4}Property {4}count {2}\(private static\)$/m);
  });

  it('map of a file that only re-exports lists each re-export with the id and kind it resolves to', async () => {
    const result = await run(['map', 'src/index.ts']);
    expect(result.exitCode).toBe(0);
    expect(json(result).symbols).toEqual([
      {
        id: 'src/index.ts::3::10',
        name: 'Node',
        kind: 'Export',
        line: 3,
        endLine: 3,
        resolvesTo: 'src/trie.ts::8::23',
        resolvedKind: 'Class',
      },
      {
        id: 'src/index.ts::4::20',
        name: 'HttpMethod',
        kind: 'Export',
        line: 4,
        endLine: 4,
        from: './trie',
        resolvesTo: 'src/trie.ts::3::13',
        resolvedKind: 'Enum',
      },
      {
        id: 'src/index.ts::5::8',
        name: '*',
        kind: 'Export',
        line: 5,
        endLine: 5,
        from: './trie',
        resolvesTo: 'src/trie.ts::1::1',
      },
      {
        id: 'src/index.ts::6::13',
        name: 'trie',
        kind: 'Export',
        line: 6,
        endLine: 6,
        from: './trie',
        resolvesTo: 'src/trie.ts::1::1',
      },
      {
        id: 'src/index.ts::7::15',
        name: 'Params',
        kind: 'Export',
        line: 7,
        endLine: 7,
        modifiers: ['type'],
        from: './types',
        resolvesTo: 'src/types.ts::1::13',
        resolvedKind: 'TypeAlias',
      },
    ]);
    const compact = await run(['map', 'src/index.ts', '--format', 'compact']);
    expect(compact.stdout).toContain("4:20  Export  HttpMethod  from './trie' → Enum src/trie.ts::3::13");
    const assigned = json(await run(['map', 'src/legacy.cts']));
    expect(assigned.symbols.filter((symbol: { name: string }) => symbol.name === 'export=')).toEqual([
      {
        id: 'src/legacy.cts::6::10',
        name: 'export=',
        kind: 'Export',
        line: 6,
        endLine: 6,
        resolvesTo: 'src/legacy.cts::1::7',
        resolvedKind: 'Class',
      },
    ]);
  });

  it('enum members are EnumMember in map and find alike, so --kind enummember finds them', async () => {
    const found = json(await run(['find', 'Method.Get', '--no-refs', '--kind', 'enummember']));
    expect(found.definition).toMatchObject({ name: 'Get', kind: 'EnumMember', id: 'src/trie.ts::4::3' });
  });

  it('map of a script does not list its top-level for-loop variables as declarations', async () => {
    const answer = json(await run(['map', 'src/loop.mjs']));
    expect(answer.symbols.map((symbol: { name: string }) => symbol.name)).toEqual(['names']);
  });
});
