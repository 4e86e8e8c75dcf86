import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLARATIONS_PER_FILE, manyDeclarations, writeGenerated } from '../../scripts/lib/large-projects.mjs';
import { cleanUp, cn, copyProject, json } from '../helpers/cn.js';

type Listed = { kind: string; name: string; id: string };
const names = (candidates: Listed[]) => candidates.map((candidate) => `${candidate.kind} ${candidate.name}`);

// The hierarchy fixture: classes, an interface, a type alias and a class only the test project sees.
describe('cn find with a pattern, or by kind and path, end to end', () => {
  let root: string;
  const run = (args: string[]) => cn([...args, '--root', root]);
  beforeAll(() => {
    root = copyProject('test/fixtures/hierarchy');
  });
  afterAll(() => cleanUp(root));

  it('"*Circle*" lists every match, sources before tests, with ids, and says references were not searched', async () => {
    const result = await run(['find', '*Circle*']);
    expect([result.exitCode, result.stderr]).toEqual([0, '']);
    const answer = json(result);
    expect(names(answer.candidates)).toEqual(['Class Circle', 'TypeAlias CircleArgs', 'Class TestCircle']);
    expect(answer).toMatchObject({ definition: null, totalCandidates: 3, pattern: true, refs: 'none' });
    const text = await run(['find', '*Circle*', '--format', 'text', '--limit', '1']);
    expect(text.stdout.trimEnd().split('\n')).toEqual([
      "3 symbols match '*Circle*' (showing 1); refs not searched (cn find <id> for one)",
      '  Class Circle  src/circle.ts::4::14',
      '… 2 more symbols (raise --limit or --max-tokens)',
    ]);
    const ids = await run(['find', '*Circle*', '--format', 'ids']);
    expect(ids.stdout.trim().split('\n')).toEqual(answer.candidates.map((candidate: Listed) => candidate.id));
  });

  it('without a name, --kind and --in list the symbols of that kind under the path', async () => {
    const interfaces = json(await run(['find', '--kind', 'interface', '--in', 'src']));
    expect(names(interfaces.candidates)).toEqual(['Interface Shape']);
    const text = await run(['find', '--kind', 'interface', '--in', 'src', '--format', 'text']);
    expect(text.stdout.split('\n')[0]).toBe('1 symbol listed; refs not searched (cn find <id> for one)');
    const classes = json(await run(['find', '--kind', 'class', '--in', 'src/circle.ts']));
    expect(names(classes.candidates).sort()).toEqual([
      'Class Circle',
      'Class Drawing',
      'Class ShapeError',
      'Class Tag',
    ]);
  });

  it('nothing to look for is bad input (exit 2), one line', async () => {
    const result = await run(['find']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('cn find needs a name, an id, a pattern, --kind or --in');
  });
});

describe('cn find "*" on a project of 70,000 declarations', () => {
  let root: string;
  const FILES = 1000;
  beforeAll(async () => {
    root = copyProject('examples/shop');
    writeGenerated(root, 'src/generated', 'module', FILES, manyDeclarations);
    await cn(['start', '--root', root]);
  });
  afterAll(() => cleanUp(root));

  it('lists its best five and counts every match, and a cn map asked meanwhile answers first', async () => {
    const order: string[] = [];
    const listing = cn(['find', '*', '--limit', '5', '--root', root]).then((result) => (order.push('find'), result));
    const map = cn(['map', 'src/generated/module7.ts', '--root', root]).then((result) => (order.push('map'), result));
    const [listed, mapped] = await Promise.all([listing, map]);
    expect([listed.exitCode, mapped.exitCode]).toEqual([0, 0]);
    const answer = json(listed);
    expect(answer.candidates).toHaveLength(5);
    expect(answer.totalCandidates).toBeGreaterThanOrEqual(FILES * DECLARATIONS_PER_FILE);
    expect(answer).toMatchObject({ pattern: true, truncated: true });
    expect(answer.totalCandidatesAtLeast).toBeUndefined();
    expect(json(mapped).total).toBe(DECLARATIONS_PER_FILE);
    expect(order).toEqual(['map', 'find']);
  });

  it('with a kind some need reading to settle, the count is a lower bound and says so', async () => {
    const answer = json(await cn(['find', '*', '--kind', 'function', '--limit', '5', '--root', root]));
    expect(answer.candidates).toHaveLength(5);
    expect(answer).toMatchObject({ totalCandidatesAtLeast: true, truncated: true });
    expect(answer.totalCandidates).toBeGreaterThanOrEqual(FILES * 20);
  });
});
