import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TrigramSignature } from '@cn/core';
import { SavedSignaturesFile } from '../src/adapters/saved-signatures-file.js';

const state = mkdtempSync(path.join(os.tmpdir(), 'cn-saved-signatures-'));
const root = path.join(state, 'project');
mkdirSync(root);
afterAll(() => rmSync(state, { recursive: true, force: true }));

const file = path.join(root, 'src', 'retry.ts');
const signature = TrigramSignature.of('export function computeRetryDelay(attempt: number) {}\n'.repeat(40));
const logs: string[] = [];
const saved = (name: string, key = 'k1', at = root) =>
  new SavedSignaturesFile({ file: path.join(state, name), root: at, key }, (line) => logs.push(line));

describe('the text signatures saved between daemons: read back only as this build saved them for this root', () => {
  it('reads back each signature with its stamp, in a file only its owner reads, and never one outside the root', () => {
    saved('a.json').save([
      [file, { stamp: '10:1:2:3:4', signature }],
      [path.join(state, 'outside.ts'), { stamp: '1:1:1:1:1', signature }],
    ]);
    expect(statSync(path.join(state, 'a.json')).mode & 0o777).toBe(0o600);
    logs.length = 0;
    const loaded = saved('a.json').load();
    expect([...loaded.keys()]).toEqual([file]);
    expect(logs).toEqual(['cn: saved text signatures read for 1 files']);
    const back = loaded.get(file)!;
    expect(back.stamp).toBe('10:1:2:3:4');
    expect(back.signature.bytes()).toEqual(signature.bytes());
    expect(back.signature.mayContain('computeRetryDelay')).toBe(true);
    expect(back.signature.mayContain('DataSource')).toBe(false);
  });

  it('ignores what another build, root or byte order saved, what is not its shape, and a symlink', () => {
    saved('b.json').save([[file, { stamp: 's', signature }]]);
    logs.length = 0;
    expect(saved('b.json', 'k2').load().size).toBe(0);
    expect(saved('b.json', 'k1', path.join(state, 'other')).load().size).toBe(0);
    expect(saved('none.json').load().size).toBe(0);
    const good = JSON.parse(readFileSync(path.join(state, 'b.json'), 'utf8'));
    const written = (name: string, shape: object) => {
      writeFileSync(path.join(state, name), JSON.stringify({ ...good, ...shape }));
      return saved(name).load().size;
    };
    expect(written('c.json', { byteOrder: os.endianness() === 'LE' ? 'BE' : 'LE' })).toBe(0);
    // 48 bytes: no size a text's signature has.
    expect(written('d.json', { files: { 'src/retry.ts': ['s', Buffer.alloc(48).toString('base64')] } })).toBe(0);
    expect(written('e.json', { files: { '../out.ts': good.files['src/retry.ts'] } })).toBe(0);
    expect(written('f.json', { files: { 'src/retry.ts': ['s'] } })).toBe(0);
    symlinkSync(path.join(state, 'b.json'), path.join(state, 'g.json'));
    expect(saved('g.json').load().size).toBe(0);
    expect(logs).toEqual([
      'cn: saved text signatures not used: saved by another build of cn',
      'cn: saved text signatures not used: saved for another root',
      'cn: saved text signatures not used: none saved yet',
      'cn: saved text signatures not used: saved by another build of cn',
      'cn: saved text signatures not used: not what cn saved',
      'cn: saved text signatures not used: not what cn saved',
      'cn: saved text signatures not used: not what cn saved',
      'cn: saved text signatures not used: it is a symlink',
    ]);
  });
});
