import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ROUTE_SCHEMAS, jsonSchemaOf } from '@cn/protocol/schemas';
import { describe, expect, it } from 'vitest';
import { cn, json, REPO } from '../helpers/cn.js';

// No daemon: the schemas come from the protocol package, loaded only by this command.
describe('cn schema prints the JSON Schema of a command from the protocol', () => {
  it("gives the answer's schema, and the request's with --request, both from the route table", async () => {
    const answer = await cn(['schema', 'find']);
    expect([answer.exitCode, answer.stderr]).toEqual([0, '']);
    expect(json(answer)).toEqual(jsonSchemaOf(ROUTE_SCHEMAS.find.response, 'output'));
    expect(Object.keys(json(answer).properties)).toContain('candidates');
    const request = json(await cn(['schema', 'find', '--request']));
    expect(request).toEqual(jsonSchemaOf(ROUTE_SCHEMAS.find.request!, 'input'));
    expect(request.additionalProperties).toBe(false);
    expect(json(await cn(['schema', 'hierarchy']))).toEqual(json(await cn(['schema', 'impl'])));
  });

  it('an unknown command, or --request of a route without a body, is exit 2 naming what there is', async () => {
    const unknown = await cn(['schema', 'frobnicate']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(
      /^cn: no command 'frobnicate' has a schema \(use one of: status, .*find, .*grep, rename, check\)\n$/,
    );
    const noBody = await cn(['schema', 'status', '--request']);
    expect(noBody.exitCode).toBe(2);
    expect(noBody.stderr).toBe('cn: status takes no request body (cn schema status gives its answer)\n');
  });

  it('the one-shot CLI bundle stays zod-free: the schemas are imported at run time', () => {
    const bundle = readFileSync(path.join(REPO, 'packages/cli/dist/cn-cli.cjs'), 'utf8');
    expect(bundle.match(/zod/g)).toBeNull();
    // (require(), not import(): cn.cjs runs the CLI as a vm.Script, through the compile cache.)
    expect(bundle).toMatch(/require\(["']\.\/cn-schemas\.cjs["']\)/);
  });
});
