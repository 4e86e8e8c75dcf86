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
    const syntax = loaded.syntax()!;
    expect(syntax.declarations).toEqual(
      [facts, { ...facts, name: 'top', container: undefined }].map(({ container, ...rest }) =>
        container === undefined ? rest : { ...rest, container },
      ),
    );
    expect([literalAt(syntax.literals, 6), literalAt(syntax.literals, 31), literalAt(syntax.literals, 12)]).toEqual([
      'comment',
      'string',
      undefined,
    ]);
  });

  it('ignores what another build or root saved, a file that is not JSON or not its shape, and a symlink', async () => {
    await saved('b.json').save(new Map([[file, entry]]));
    logs.length = 0;
    expect((await saved('b.json', 'k2').load()).size).toBe(0);
    expect((await saved('b.json', 'k1', path.join(state, 'other')).load()).size).toBe(0);
    expect((await saved('none.json').load()).size).toBe(0);
    writeFileSync(path.join(state, 'c.json'), '{"format":1');
    expect((await saved('c.json').load()).size).toBe(0);
    const [head, body] = readFileSync(path.join(state, 'b.json'), 'utf8').split('\n');
    const good = JSON.parse(head);
    const withHead = (files: unknown, rest = body) => `${JSON.stringify({ ...good, files })}\n${rest}`;
    // A place past the end of what follows the head.
    writeFileSync(path.join(state, 'd.json'), withHead({ 'src/retry.ts': ['s', 0, body.length + 1] }));
    expect((await saved('d.json').load()).size).toBe(0);
    writeFileSync(path.join(state, 'e.json'), withHead({ '../out.ts': ['s', 0, body.length] }));
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

  it("parses a file's syntax only when asked, and an entry that is not what cn writes leaves that file unread", async () => {
    const other = path.join(root, 'src', 'other.ts');
    await saved('g.json').save(
      new Map([
        [file, entry],
        [other, entry],
      ]),
    );
    const text = readFileSync(path.join(state, 'g.json'), 'utf8');
    const [head, body] = text.split('\n');
    const places = JSON.parse(head).files as Record<string, [string, number, number]>;
    // The first file's syntax spoiled in place (the same length): the other file's is still read back.
    const [, start, length] = places['src/retry.ts'];
    const spoiled = body.slice(0, start) + '['.repeat(length) + body.slice(start + length);
    writeFileSync(path.join(state, 'h.json'), `${head}\n${spoiled}`);
    logs.length = 0;
    const loaded = await saved('h.json').load();
    expect(logs).toEqual(['cn: saved search syntax read for 2 files']);
    expect(loaded.get(file)!.stamp).toBe(entry.stamp);
    expect(loaded.get(file)!.syntax()).toBeUndefined();
    expect(
      loaded
        .get(other)!
        .syntax()!
        .declarations.map((facts) => facts.name),
    ).toEqual(['computeDelay', 'top']);
    // Another shape in the right place is no syntax either.
    const shaped = JSON.stringify([[['x']], []]);
    writeFileSync(
      path.join(state, 'i.json'),
      `${JSON.stringify({ ...JSON.parse(head), files: { 'src/retry.ts': ['s', 0, shaped.length] } })}\n${shaped}`,
    );
    expect((await saved('i.json').load()).get(file)!.syntax()).toBeUndefined();
  });
});
