import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

interface Listed {
  filePath: string;
  unused: Array<{ name: string; kind: string; static?: true; computedAccess?: string }>;
}
const listed = (answer: { files: Listed[] }) =>
  answer.files.flatMap((file) =>
    file.unused.map(
      (symbol) =>
        `${symbol.name} ${symbol.kind}${symbol.static ? ' static' : ''}` +
        (symbol.computedAccess ? ` @${symbol.computedAccess}` : ''),
    ),
  );

describe('cn unused judges computed keys, static and instance members, accessors and kinds (test/fixtures/unused-dynamic)', () => {
  let root: string;
  beforeAll(() => {
    root = copyProject('test/fixtures/unused-dynamic');
  });
  afterAll(() => cleanUp(root));

  it('core.regexes[format]: the exports of regexes are possibly used, not unused (issue 24.6)', async () => {
    const result = await cn(['unused', 'src/core', '--exported', '--root', root]);
    expect(result.exitCode).toBe(0);
    const answer = json(result);
    expect(listed(answer)).toEqual([
      'maxLength Function',
      'md5_hex Constant @src/formats.ts::4::10',
      'sha1_hex Constant @src/formats.ts::4::10',
      'uuid Constant @src/formats.ts::4::10',
    ]);
    expect(answer).toMatchObject({ total: 4, possiblyUsed: 3 });
    const compact = await cn(['unused', 'src/core', '--exported', '--format', 'compact', '--root', root]);
    expect(compact.stdout).toContain(
      'src/core/regexes.ts::1::14  Constant  md5_hex  (exported, possibly used: computed access at src/formats.ts:4)',
    );
  });

  it('--members: a static and an instance create apart, the accessor pair once as a Getter (issue 23.4)', async () => {
    const answer = json(await cn(['unused', 'Shape', '--members', '--root', root]));
    expect(answer).toMatchObject({ membersOf: 'Shape', checked: 3 });
    expect(listed(answer)).toEqual(['create Method', 'area Getter']);
  });

  it('--members of an enum read by a computed key: its members are possibly used', async () => {
    const answer = json(await cn(['unused', 'Color', '--members', '--root', root]));
    expect(listed(answer)).toEqual(['Red EnumMember @src/app.ts::6::10', 'Green EnumMember @src/app.ts::6::10']);
  });

  it("--kind takes cn find's words: functions only, arrow functions included; an unknown kind is exit 2", async () => {
    const answer = json(await cn(['unused', 'src', '--exported', '--kind', 'function', '--root', root]));
    expect(listed(answer)).toEqual([
      'colorOf Function',
      'maxLength Function',
      'patternFor Function',
      'long Function',
      'stale Function',
      'helper Function',
    ]);
    expect(answer).toMatchObject({ kind: 'function' });
    const getters = json(await cn(['unused', 'Shape', '--members', '--kind', 'getter', '--root', root]));
    expect(listed(getters)).toEqual(['area Getter']);
    const bad = await cn(['unused', '--kind', 'gadget', '--root', root]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^cn: unknown kind 'gadget' \(use one of: /)]);
  });
});
