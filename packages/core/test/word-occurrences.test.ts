import { describe, expect, it } from 'vitest';
import { ProjectPaths } from '../src/index.js';
import { SourceText } from '../src/domain/source-text.js';
import { pausesOf } from '../src/search/work-budget.js';
import { wordOccurrences, type ScannedTexts } from '../src/usecases/word-occurrences.js';
import { FakeFiles, ROOT } from './fakes.js';
import { FakeSources } from './search-fakes.js';

describe('wordOccurrences: every whole-word occurrence, reading only files that may hold the word', () => {
  const files = {
    'src/a.ts': 'const user = new User(); // User',
    'src/b.ts': 'class Users {}',
    'src/c.ts': 'export class User {}',
    'test/d.ts': 'User',
    'src/e.ts': 'no such word here',
  };

  function scan(scope = {}) {
    const fake = new FakeFiles(files);
    const read: string[] = [];
    const texts: ScannedTexts = {
      // What was kept of each text rules out the files without the letters (a signature would).
      mayContainAny: (filePath, literals) => literals.every((word) => fileText(filePath).includes(word)),
      text: async (filePath) => {
        read.push(filePath.slice(ROOT.length + 1));
        return new SourceText(fileText(filePath));
      },
    };
    const fileText = (filePath: string) => files[filePath.slice(ROOT.length + 1) as keyof typeof files];
    const deps = { sources: new FakeSources(fake), paths: new ProjectPaths(ROOT) };
    return { read, found: wordOccurrences(deps, texts, 'User', scope, pausesOf({})) };
  }

  it('finds the word in file order and never reads a file ruled out', async () => {
    const { read, found } = scan();
    expect((await found).map(({ relativePath, offsets }) => [relativePath, offsets])).toEqual([
      ['src/a.ts', [17, 28]],
      ['src/c.ts', [13]],
      ['test/d.ts', [0]],
    ]);
    expect(read.sort()).toEqual(['src/a.ts', 'src/b.ts', 'src/c.ts', 'test/d.ts']);
  });

  it('keeps to the scope', async () => {
    const { read, found } = scan({ in: 'src' });
    expect((await found).map(({ relativePath }) => relativePath)).toEqual(['src/a.ts', 'src/c.ts']);
    expect(read).not.toContain('test/d.ts');
  });
});
