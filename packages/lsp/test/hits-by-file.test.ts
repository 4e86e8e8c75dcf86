import type { WorkspaceSymbolHit } from '@cn/core';
import { describe, expect, it } from 'vitest';
import { HitsByFile } from '../src/hits-by-file.js';

const hit = (name: string, filePath: string) => ({ name, filePath }) as WorkspaceSymbolHit;
const names = (hits: WorkspaceSymbolHit[]) => hits.map((found) => found.name);

describe('HitsByFile: every name at once, made again after a change', () => {
  it('matches on the name and its lowercased spelling, and sees each set and delete at the next search', () => {
    const index = new HitsByFile();
    index.set('/a.ts', [hit('DataSource', '/a.ts'), hit('other', '/a.ts')]);
    const told: Array<[string, string]> = [];
    const found = index.matching((name, lowerName) => {
      told.push([name, lowerName]);
      return lowerName.includes('source');
    });
    expect(names(found)).toEqual(['DataSource']);
    expect(told).toEqual([
      ['DataSource', 'datasource'],
      ['other', 'other'],
    ]);
    index.set('/b.ts', [hit('SourceMap', '/b.ts')]);
    expect(names(index.matching((_name, lower) => lower.includes('source')))).toEqual(['DataSource', 'SourceMap']);
    index.set('/a.ts', [hit('Renamed', '/a.ts')]);
    expect(names(index.matching((_name, lower) => lower.includes('source')))).toEqual(['SourceMap']);
    index.delete('/b.ts');
    expect(index.matching(() => true).map((found) => found.filePath)).toEqual(['/a.ts']);
    expect(index.has('/b.ts')).toBe(false);
  });
});
