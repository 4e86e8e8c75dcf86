import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daemonRecordPath, stateDirectory } from '@cn/local-files';
import { cleanUp, cn, copyProject, readDaemonRecord, readPortFile } from '../../helpers/cn.js';
import { provenHeaders, rawRequest } from '../../helpers/http.js';

/** Only the owner of the port file gets answers, and only about files under the root. */
describe('closed to everyone but its owner', () => {
  let root: string;
  let port: number;
  let token: string;
  const status = (headers: Record<string, string>) => rawRequest(port, 'GET', '/status', { headers });

  beforeAll(async () => {
    root = copyProject('examples/shop');
    await cn(['start', '--root', root]);
    ({ port, token } = readDaemonRecord(root)!);
    const outside = path.join(os.tmpdir(), `cn-outside-${process.pid}.ts`);
    writeFileSync(outside, 'export const secret = 1;\n');
    symlinkSync(outside, path.join(root, 'src/escape.ts'));
    mkdirSync(path.join(root, 'src/linked'));
    symlinkSync(os.tmpdir(), path.join(root, 'src/linked/tmp'));
  });
  afterAll(() => cleanUp(root));

  it('listens on 127.0.0.1 only (read from the kernel socket table, no traffic sent)', () => {
    const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
    const listeners = ['/proc/net/tcp', '/proc/net/tcp6']
      .flatMap((table) => (existsSync(table) ? readFileSync(table, 'utf8').split('\n').slice(1) : []))
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A')
      .map((fields) => fields[1].split(':')[0]);
    expect(listeners).toEqual(['0100007F']);
  });

  const proven = (method = 'GET', route = '/status', body = '') => provenHeaders(port, token, method, route, body);

  it('refuses requests without a proof of the token, with a wrong one, or with the token itself (401)', async () => {
    const host = `127.0.0.1:${port}`;
    expect((await status({ host })).status).toBe(401);
    expect((await status({ host, 'x-cn-token': token })).status).toBe(401);
    expect((await status({ ...proven(), 'x-cn-auth': '0'.repeat(64) })).status).toBe(401);
    expect((await status(provenHeaders(port, 'f'.repeat(48), 'GET', '/status'))).status).toBe(401);
    // A proof is bound to its request: the one for GET /status does not open POST /shutdown.
    const stolen = proven('GET', '/status');
    expect(
      (
        await rawRequest(port, 'POST', '/shutdown', {
          headers: { ...stolen, 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(401);
    expect((await status(proven())).status).toBe(200);
  });

  it('refuses browsers (any Origin) and foreign Host headers (DNS rebinding)', async () => {
    expect((await status({ ...proven(), origin: 'https://evil.example' })).status).toBe(403);
    expect((await status({ ...proven(), host: `evil.example:${port}` })).status).toBe(403);
    expect((await status({ ...proven(), host: `localhost:${port}` })).status).toBe(200);
  });

  it('caps the request body', async () => {
    const body = JSON.stringify({ query: 'x'.repeat(200_000) });
    const response = await rawRequest(port, 'POST', '/find', { headers: proven('POST', '/find', body), body });
    expect(response.status).toBe(413);
    expect(response.body.error.message).toMatch(/too large/i);
  });

  it('keeps the port file private (0600) and free of secrets: the token is in the record, 0600 in a 0700 directory', () => {
    const mode = statSync(path.join(root, '.ts-search-daemon.json')).mode & 0o777;
    expect(mode).toBe(0o600);
    expect(readFileSync(path.join(root, '.ts-search-daemon.json'), 'utf8')).not.toContain(token);
    expect(readPortFile(root)).not.toHaveProperty('token');
    expect(statSync(daemonRecordPath(stateDirectory(root))).mode & 0o777).toBe(0o600);
    expect(statSync(stateDirectory(root)).mode & 0o777).toBe(0o700);
  });

  it.each([
    ['a relative path climbing out', ['map', '../../../etc/hosts.ts']],
    ['an absolute path elsewhere', ['map', '/etc/hosts.ts']],
    ['a symlinked file leading out', ['map', 'src/escape.ts']],
    [
      'a path through a symlinked directory leading out',
      ['inspect', `src/linked/tmp/cn-outside-${process.pid}.ts::1::1`],
    ],
    ['an id climbing out', ['inspect', '../outside.ts::1::1']],
  ])('refuses %s with exit 2 "outside the project root"', async (_name, args) => {
    const result = await cn([...args, '--root', root]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^cn: .*outside the project root/);
  });
});
