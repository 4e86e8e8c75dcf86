import { describe, expect, it } from 'vitest';
import { literalAt } from '@cn/core';
import { TsDeclarationSyntax } from '../src/navigation/declaration-table.js';

/** Each `raw` of the text, classified: comment, string (literal text) or code. */
async function kinds(fileName: string, text: string): Promise<string[]> {
  const { literals } = await new TsDeclarationSyntax().read(fileName, text);
  const found: string[] = [];
  for (let at = text.indexOf('raw'); at >= 0; at = text.indexOf('raw', at + 1))
    found.push(literalAt(literals, at) ?? 'code');
  return found;
}

describe('literal spans: comments and literal text, from the syntax', () => {
  it('tells comments, strings, template text, regular expressions and code apart', async () => {
    const text = [
      '/** raw output */', // comment
      "const a = raw('raw'); // raw", // code, string, comment
      'const b = `raw ${raw} raw`;', // string, code, string
      'const c = x / raw / 2; const d = /raw/g;', // code (a division), string (a regex)
      "/* a 'raw' quote */ const e = '/* raw */';", // comment, string
      'const f = "// raw";', // string
      '',
    ].join('\n');
    expect(await kinds('a.ts', text)).toEqual([
      'comment',
      'code',
      'string',
      'comment',
      'string',
      'code',
      'string',
      'code',
      'string',
      'comment',
      'string',
      'string',
    ]);
  });

  it('reads JSX text and attribute strings as literal text in .tsx files', async () => {
    const text = 'const v = <div title="raw">raw {raw} {/* raw */}</div>;\n';
    expect(await kinds('v.tsx', text)).toEqual(['string', 'string', 'code', 'comment']);
  });

  it('returns the same declarations as declarations() does, from one parse', async () => {
    const syntax = new TsDeclarationSyntax();
    const text = '/** doc */\nexport function raw() {}\n';
    expect((await syntax.read('a.ts', text)).declarations).toEqual(await syntax.declarations('a.ts', text));
  });
});
