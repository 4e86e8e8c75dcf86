import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { literalAt, literalSpans, type DeclarationFacts, type SavedFileSyntax } from '@cn/core';
import { SavedSyntaxFile } from '../src/adapters/saved-syntax-file.js';

const state = mkdtempSync(path.join(os.tmpdir(), 'cn-saved-syntax-'));
const root = path.join(state, 'project');
mkdirSync(root);
afterAll(() => rmSync(state, { recursive: true, force: true }));

const facts: DeclarationFacts = {
  name: 'computeDelay',
  kind: 'Method',
  container: 'Retry',
  position: { line: 3, character: 3 },
  start: 20,
  end: 80,
  startLine: 2,
  endLine: 6,
  signature: 'computeDelay(attempt: number): number',
  doc: '/** How long to wait. */',
  comments: '// exponential',
  strings: 'ms',
  identifiers: 'attempt Math pow',
};
const file = path.join(root, 'src', 'retry.ts');
const entry: SavedFileSyntax = {
  stamp: '10:1:2:3:4',
  syntax: {
    declarations: [facts, { ...facts, name: 'top', container: undefined }],
    literals: literalSpans([
      [5, 9, true],
      [30, 34, false],
    ]),
  },
};
const logs: string[] = [];
const saved = (name: string, key = 'k1', at = root) =>
  new SavedSyntaxFile(path.join(state, name), at, key, (line) => logs.push(line));

describe('the search syntax saved between daemons: read back only as this build saved it for this root', () => {
  it('reads back every declaration and literal span it saved, in a file only its owner reads', async () => {
    await saved('a.json').save(new Map([[file, entry]]));
    expect(statSync(path.join(state, 'a.json')).mode & 0o777).toBe(0o600);
    const loaded = (await saved('a.json').load()).get(file)!;
    expect(loaded.stamp).toBe(entry.stamp);
    expect(loaded.syntax.declarations).toEqual(
      [facts, { ...facts, name: 'top', container: undefined }].map(({ container, ...rest }) =>
        container === undefined ? rest : { ...rest, container },
      ),
    );
    expect([
      literalAt(loaded.syntax.literals, 6),
      literalAt(loaded.syntax.literals, 31),
      literalAt(loaded.syntax.literals, 12),
    ]).toEqual(['comment', 'string', undefined]);
  });

  it('ignores what another build or root saved, a file that is not JSON or not its shape, and a symlink', async () => {
    await saved('b.json').save(new Map([[file, entry]]));
    logs.length = 0;
    expect((await saved('b.json', 'k2').load()).size).toBe(0);
    expect((await saved('b.json', 'k1', path.join(state, 'other')).load()).size).toBe(0);
    expect((await saved('none.json').load()).size).toBe(0);
    writeFileSync(path.join(state, 'c.json'), '{"format":1');
    expect((await saved('c.json').load()).size).toBe(0);
    const good = JSON.parse(readFileSync(path.join(state, 'b.json'), 'utf8'));
    writeFileSync(
      path.join(state, 'd.json'),
      JSON.stringify({ ...good, files: { 'src/retry.ts': ['s', [['x']], []] } }),
    );
    expect((await saved('d.json').load()).size).toBe(0);
    writeFileSync(path.join(state, 'e.json'), JSON.stringify({ ...good, files: { '../out.ts': ['s', [], []] } }));
    expect((await saved('e.json').load()).size).toBe(0);
    symlinkSync(path.join(state, 'b.json'), path.join(state, 'f.json'));
    expect((await saved('f.json').load()).size).toBe(0);
    expect(logs).toEqual([
      'cn: saved search syntax not used: saved by another build of cn',
      'cn: saved search syntax not used: saved for another root',
      'cn: saved search syntax not used: none saved yet',
      'cn: saved search syntax not used: not JSON',
      'cn: saved search syntax not used: not what cn saved',
      'cn: saved search syntax not used: not what cn saved',
      'cn: saved search syntax not used: it is a symlink',
    ]);
  });
});
