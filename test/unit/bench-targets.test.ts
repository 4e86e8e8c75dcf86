import { describe, expect, it } from 'vitest';
import { checks, TARGETS, targetsText } from '../../scripts/bench/targets.mjs';

type Check = { name: string; item: string; value: unknown; limit: unknown; verdict: string };

const MB = 1024 * 1024;
const timed = (median: number, floor = 100) => ({
  median,
  floor: { median: floor },
  overFloor: { median: median - floor },
});

/** A bench result with made-up figures, shaped as bench.mjs builds it. */
function result(corpus: string, engine = 'native', files = 500, changes: Record<string, unknown> = {}) {
  return {
    corpus: { name: corpus },
    engine,
    files,
    cliStart: timed(130),
    raw: {
      projects: 1,
      spawnToFirstFind: { median: 1000 },
      workspaceSymbol: { median: 10 },
      definition: { median: 5 },
      references: { median: 85 },
    },
    cn: {
      coldFind: { median: 2400 },
      coldFindAfterStop: { median: 1050 },
      secondStart: { firstSearchComplete: true, toCompleteMs: 1500 },
      find: timed(250),
      map: timed(120),
      inspect: timed(126),
      impl: timed(480),
      calls: timed(520),
      daemonRss: 100 * MB,
      daemonTreeRss: 400 * MB,
      ...changes,
    },
  };
}

const byName = (all: Check[]) => Object.fromEntries(all.map((check) => [check.name, check]));

describe("the bench's targets (issue 25)", () => {
  it('are the issue’s items, with their limits per corpus', () => {
    expect(TARGETS.map((target: { name: string }) => [target.name, targetsText(target)])).toEqual([
      ['cold cn find ÷ raw spawn→first references', '≤ 2.5× rxjs; ≤ 1.3× typeorm'],
      ['cold cn find after a stop (unchanged corpus) ÷ raw spawn→first references', '≤ 1.1× typeorm'],
      ['first cn search after cn start: complete', 'yes rxjs'],
      ['cn start returned → first complete cn search', '≤ 2000 ms typeorm'],
      [
        'warm cn find ÷ (node floor + workspace/symbol + definition + references)',
        '≤ 1.3× rxjs, effect, three, typeorm',
      ],
      ['warm cn map − node floor', '≤ 25 ms every corpus'],
      ['warm cn inspect − node floor', '≤ 25 ms every corpus'],
      ['warm cn impl ÷ warm cn find', '≤ 2× on 2,000 files or 20 projects'],
      ['warm cn calls ÷ warm cn find', '≤ 2× on 2,000 files or 20 projects'],
      ['daemon RSS without the engine', '≤ 120 MB rxjs'],
      ['daemon RSS without the engine ÷ engine RSS', '≤ 0.35× typeorm'],
      ['cn --version − node floor (the CLI’s own start)', 'none (reported)'],
    ]);
  });

  it('computes each figure from what the bench measures, and judges it on the corpora it is for', () => {
    const rxjs = byName(checks(result('rxjs')));
    expect(rxjs['cold cn find ÷ raw spawn→first references']).toMatchObject({
      value: 2.4,
      limit: 2.5,
      verdict: 'PASS',
    });
    expect(rxjs['first cn search after cn start: complete']).toMatchObject({ value: true, verdict: 'PASS' });
    // 250 ÷ (100 + 10 + 5 + 85)
    expect(rxjs['warm cn find ÷ (node floor + workspace/symbol + definition + references)']).toMatchObject({
      value: 1.25,
      verdict: 'PASS',
    });
    expect(rxjs['warm cn map − node floor']).toMatchObject({ value: 20, verdict: 'PASS' });
    expect(rxjs['warm cn inspect − node floor']).toMatchObject({ value: 26, verdict: 'MISS' });
    expect(rxjs['daemon RSS without the engine']).toMatchObject({ value: 100, limit: 120, verdict: 'PASS' });
    // Targets for typeorm only, and the graph's for large repositories: figures without a verdict on rxjs.
    expect(rxjs['cn start returned → first complete cn search']).toMatchObject({ value: 1500, verdict: '—' });
    expect(rxjs['warm cn impl ÷ warm cn find']).toMatchObject({ verdict: '—' });
    expect(rxjs['cn --version − node floor (the CLI’s own start)']).toMatchObject({ value: 30, verdict: '—' });

    const typeorm = byName(checks(result('typeorm', 'native', 3576)));
    expect(typeorm['cold cn find ÷ raw spawn→first references']).toMatchObject({ limit: 1.3, verdict: 'MISS' });
    expect(typeorm['cold cn find after a stop (unchanged corpus) ÷ raw spawn→first references']).toMatchObject({
      value: 1.05,
      verdict: 'PASS',
    });
    expect(typeorm['cn start returned → first complete cn search']).toMatchObject({ limit: 2000, verdict: 'PASS' });
    expect(typeorm['warm cn impl ÷ warm cn find']).toMatchObject({ value: 1.92, limit: 2, verdict: 'PASS' });
    expect(typeorm['warm cn calls ÷ warm cn find']).toMatchObject({ value: 2.08, verdict: 'MISS' });
    // 100 MB ÷ (400 − 100) MB
    expect(typeorm['daemon RSS without the engine ÷ engine RSS'].value).toBeCloseTo(1 / 3);
    expect(typeorm['daemon RSS without the engine ÷ engine RSS'].verdict).toBe('PASS');
  });

  it('says "not measured" for a figure the bench has not, and gives tsserver no verdicts', () => {
    const missing = byName(
      checks(
        result('typeorm', 'native', 3576, { coldFindAfterStop: undefined, secondStart: undefined, impl: undefined }),
      ),
    );
    for (const name of [
      'cold cn find after a stop (unchanged corpus) ÷ raw spawn→first references',
      'cn start returned → first complete cn search',
      'warm cn impl ÷ warm cn find',
    ])
      expect(missing[name], name).toMatchObject({ value: undefined, verdict: 'not measured' });
    const tsserver: Check[] = checks(result('rxjs', 'tsserver'));
    expect(new Set(tsserver.map((check) => check.verdict))).toEqual(new Set(['—']));
  });
});
