import { execFileSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleAll, DAEMON_BUNDLE } from '../../scripts/bundle.mjs';
import { REPO } from '../helpers/cn.js';

describe("what the daemon's code costs in memory", () => {
  it('every bundle is ASCII, so V8 holds its source one byte a character', async () => {
    // In memory: packages/cli/dist may be in use by other tests' cn processes.
    const bundles = await bundleAll({ outDir: path.join(os.tmpdir(), 'cn-ascii-test'), write: false });
    for (const [file, { text }] of Object.entries(bundles as Record<string, { text: string }>)) {
      const first = /[\u0080-\uffff]/.exec(text);
      const nonAscii = first && text.slice(first.index - 40, first.index + 10);
      expect({ file, nonAscii }).toEqual({ file, nonAscii: null });
    }
  }, 120_000);

  it("the daemon's modules load without the compiler API: only the answers that parse load it", () => {
    // The built bundle, evaluated without starting a daemon: its options parser refuses the command line and calls
    // process.exit, which is stubbed, so what is left in require.cache is what the modules' top level loaded.
    const script = `
      const bundle = ${JSON.stringify(path.join(REPO, 'packages/cli/dist', DAEMON_BUNDLE))};
      process.argv = [process.argv[0], bundle, '--no-such-option'];
      const exit = process.exit;
      process.exit = () => {};
      process.stderr.write = () => true;
      require(bundle);
      setImmediate(() => {
        process.stdout.write(JSON.stringify(Object.keys(require.cache)));
        exit(0);
      });`;
    const loaded = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as string[];
    expect(loaded.some((file) => file.endsWith(`${DAEMON_BUNDLE}`))).toBe(true);
    expect(loaded.filter((file) => /[/\\]node_modules[/\\]typescript[/\\]/.test(file))).toEqual([]);
  });
});
