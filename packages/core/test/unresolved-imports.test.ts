import { describe, expect, it } from 'vitest';
import { unresolvedImportsOf } from '../src/usecases/unresolved-imports.js';

describe('unresolvedImportsOf: uses not looked up, by what their file imports the word from', () => {
  const place = (filePath: string, text: string, needle: string, nth = 0) => {
    let offset = -1;
    for (let index = 0; index <= nth; index++) offset = text.indexOf(needle, offset + 1);
    return { filePath, text, offset: offset + needle.indexOf('raw') };
  };

  it('a bare use is its import; a member is none; a renamed import does not bind the word', () => {
    const core = "import { raw } from '@x/core';\nraw(1);\nraw(2);\n";
    const sql = "import { raw as rawSql } from '@x/sql';\nimport { raw } from '@x/core';\nq.raw;\nraw();\n";
    const local = 'function raw() {}\nraw();\nconst s = [...raw];\n';
    expect(
      unresolvedImportsOf('raw', [
        place('core.ts', core, 'raw(1'),
        place('core.ts', core, 'raw(2'),
        place('sql.ts', sql, '.raw'),
        place('sql.ts', sql, 'raw()'),
        place('local.ts', local, 'raw()'),
        // A spread is no member access.
        place('local.ts', local, '...raw'),
      ]),
    ).toEqual({ modules: [{ from: '@x/core', count: 3 }], notImported: 2, members: 1 });
  });

  it('lists five modules, counts the rest, and says nothing when nothing was left', () => {
    const places = Array.from({ length: 7 }, (_, index) => {
      const text = `import { raw } from 'm${index}';\nraw();\n`;
      return { filePath: `f${index}.ts`, text, offset: text.lastIndexOf('raw') };
    });
    const placed = unresolvedImportsOf('raw', places);
    expect(placed?.modules).toHaveLength(5);
    expect(placed?.moreModules).toBe(2);
    expect(unresolvedImportsOf('raw', [])).toBeUndefined();
  });
});
