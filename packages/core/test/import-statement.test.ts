import { describe, expect, it } from 'vitest';
import { SourceText } from '../src/domain/source-text.js';
import { importStatementAt } from '../src/graph/import-statement.js';

/** The statement around the specifier `specifier` (its first occurrence in quotes) of `lines`. */
function statementOf(lines: string[], specifier: string) {
  const text = new SourceText(lines.join('\n'));
  const index = lines.findIndex((line) => line.includes(`'${specifier}'`));
  return importStatementAt(text, index + 1, lines[index].indexOf(`'${specifier}'`) + 2);
}

describe('the import statement behind an import site', () => {
  it('is the line of a one-line import, with what closes it', () => {
    expect(statementOf(["import { raw } from './html';", 'raw();'], './html')).toEqual({
      line: 1,
      text: "import { raw } from './html';",
    });
  });

  it('starts at `import {` of a list spread over lines', () => {
    expect(statementOf(['// a', 'import {', '  a,', '  b,', "} from './x';"], './x')).toEqual({
      line: 2,
      text: "import { a, b, } from './x';",
    });
  });

  it('starts at `import {` of a list of a name a line, however long', () => {
    const names = Array.from({ length: 60 }, (_, index) => `  type Name${index},`);
    expect(statementOf(['import {', ...names, "} from '@scope/core';"], '@scope/core')).toMatchObject({
      line: 1,
      text: expect.stringMatching(/^import \{ type Name0, type Name1, .* … .* \} from '@scope\/core';$/),
    });
  });

  it('is its own line for require() and import(), and stops at the quote when much code follows', () => {
    expect(statementOf(["  const m = await import('./lazy.js');"], './lazy.js')).toEqual({
      line: 1,
      text: "const m = await import('./lazy.js');",
    });
    const busy = `go(require('./a.js'), ${'x, '.repeat(20)}y);`;
    expect(statementOf([busy], './a.js').text).toBe("go(require('./a.js')");
  });

  it('cuts a long statement in the middle, keeping its start and the specifier', () => {
    const names = Array.from({ length: 40 }, (_, index) => `name${index}`).join(', ');
    const { text } = statementOf([`import { ${names} } from './many';`], './many');
    expect(text.length).toBeLessThanOrEqual(120);
    expect(text).toMatch(/^import \{ name0, name1, .* … .* \} from '\.\/many';$/);
  });
});
