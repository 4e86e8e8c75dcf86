import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json, readPortFile } from '../../helpers/cn.js';
import { daemonPost } from '../../helpers/http.js';
import { daemonsFor } from '../../helpers/processes.js';

describe('load and concurrency', () => {
  let root: string;
  afterEach(() => cleanUp(root));

  it('20 cn processes started at once against a root with no daemon → exactly one daemon, 20 correct answers', async () => {
    root = copyProject('examples/shop');
    const results = await Promise.all(Array.from({ length: 20 }, () => cn(['find', 'User', '--root', root])));
    for (const result of results) {
      expect(result.stderr).toBe('');
      expect(result.exitCode).toBe(0);
      expect(json(result).definition.id).toBe('src/domain/user.ts::6::14');
      expect(json(result).totalReferences).toBe(15);
    }
    expect(daemonsFor(root)).toEqual([readPortFile(root)!.pid]);
  });

  it('50 concurrent requests to a warm daemon → all answered correctly', async () => {
    root = copyProject('examples/shop');
    await cn(['start', '--root', root]);
    const questions: Array<[string, unknown]> = [
      ['/find', { query: 'User' }],
      ['/find', { query: 'Checkout' }],
      ['/map', { file: 'src/domain/user.ts' }],
      ['/map', { file: 'src/services/checkout.ts' }],
      ['/inspect', { id: 'src/domain/user.ts::19::3' }],
    ];
    const expected = [];
    for (const [route, body] of questions) expected.push((await daemonPost(root, route, body)).body);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => daemonPost(root, questions[i % 5][0], questions[i % 5][1])),
    );
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(expected[i % 5]);
    });
    expect(daemonsFor(root)).toHaveLength(1);
  });
});
