import { describe, expect, it } from 'vitest';
import { importBindings } from '../src/inspect/import-bindings.js';

describe('importBindings', () => {
  it('lists every name an import statement binds, at the name', () => {
    const code = [
      "import D from './d';", // 1
      "import { a, b as c, type T } from './m';", // 2
      "import * as ns from './ns';", // 3
      "import E, { f } from './e';", // 4
      "import type { G } from './g';", // 5
      "import H, * as all from './h';", // 6
      "import x = require('./x');", // 7
      "import './side-effect';", // 8
      "const lazy = import('./lazy');", // 9
      'const y = meta.import;', // 10
      "import type from './type-named-default';", // 11
    ].join('\n');
    expect(importBindings(code).map(({ name, nameAt }) => `${name}@${nameAt.line}:${nameAt.character}`)).toEqual([
      'D@1:8',
      'a@2:10',
      'c@2:18',
      'T@2:26',
      'ns@3:13',
      'E@4:8',
      'f@4:13',
      'G@5:15',
      'H@6:8',
      'all@6:16',
      'x@7:8',
      'type@11:8',
    ]);
  });

  it('has nothing to say of a file without imports', () => {
    expect(importBindings('export const a = 1;\n')).toEqual([]);
  });

  it('says which module each binding comes from', () => {
    const code = "import D, { a as b } from 'mongodb';\nimport x = require('./x');\nimport * as ns from \"./ns\";\n";
    expect(importBindings(code).map(({ name, from }) => `${name} ${from}`)).toEqual([
      'D mongodb',
      'b mongodb',
      'x undefined',
      'ns ./ns',
    ]);
  });
});
