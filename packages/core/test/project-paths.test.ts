import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOURCE_EXTENSIONS, isInside, isSourceFile } from '../src/domain/project-paths.js';

describe('isInside (the one copy the daemon and the language-server adapter share)', () => {
  const root = path.resolve('/project');

  it('takes the root itself and anything below it', () => {
    expect(isInside(root, root)).toBe(true);
    expect(isInside(root, path.join(root, 'src/a.ts'))).toBe(true);
  });

  it('refuses parents, siblings that share a prefix, and other trees', () => {
    expect(isInside(root, path.resolve('/'))).toBe(false);
    expect(isInside(root, path.resolve('/project-other/a.ts'))).toBe(false);
    expect(isInside(root, path.join(root, '../elsewhere/a.ts'))).toBe(false);
  });

  it('keeps a name that only starts with two dots (the daemon copy took ..cache/ for outside)', () => {
    expect(isInside(root, path.join(root, '..cache/a.ts'))).toBe(true);
    expect(isInside(root, path.join(root, '..a.ts'))).toBe(true);
  });
});

describe('SOURCE_EXTENSIONS', () => {
  it('is what isSourceFile accepts, in any case, and nothing else', () => {
    for (const extension of SOURCE_EXTENSIONS) {
      expect(isSourceFile(`a${extension}`)).toBe(true);
      expect(isSourceFile(`A${extension.toUpperCase()}`)).toBe(true);
    }
    expect(isSourceFile('a.json')).toBe(false);
    expect(isSourceFile('a.d')).toBe(false);
  });
});
