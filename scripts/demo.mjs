#!/usr/bin/env node
// `npm run demo`: cn on examples/shop, as a new user's first call: it starts the project's daemon,
// answers `cn find User`, and then stops that daemon again, saying so. A cn call leaves its daemon
// running (30 idle minutes by default) so the next call is fast; a demo should not leave one behind.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cn = (...args) =>
  spawnSync(process.execPath, [path.join(repo, 'packages/cli/bin/cn.cjs'), ...args, '--root', 'examples/shop'], {
    cwd: repo,
    stdio: 'inherit',
  }).status ?? 1;

process.stdout.write('$ cn find User --root examples/shop --format text\n');
const found = cn('find', 'User', '--format', 'text');
const stopped = cn('stop', '--format', 'text');
process.stdout.write(
  '\nThe demo stopped the daemon it started. In your own project a cn call leaves its daemon running for the\n' +
    'next call (30 idle minutes by default): `cn status` shows it, `cn stop` ends it.\n',
);
process.exitCode = found !== 0 ? found : stopped;
