import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INSPECTOR_MIN_NODE,
  inspectorLauncher,
  latestNodeVersion,
  nodeBinary,
  npm,
} from '../../scripts/lib/registry-tools.mjs';
import { packPackage } from '../../scripts/package.mjs';
import { copyProject, isAlive, readPortFile, REPO, type CnResult } from '../helpers/cn.js';
import { descendants } from '../helpers/processes.js';

/**
 * The packed tarball as a new user gets it: installed into an empty prefix outside the repository (its
 * dependencies from the npm registry), then `cn` run from a project in the temp dir, as the README says.
 * Nothing may resolve into the workspace: the processes it starts must all run from the prefix.
 */
const work = mkdtempSync(path.join(os.tmpdir(), 'cn-package-'));
const prefix = path.join(work, 'prefix');
const installedPackage = path.join(prefix, 'lib', 'node_modules', 'cn-navigator');
const cnBin = path.join(prefix, 'bin', 'cn');
let project: string;
let tarball: string;

/**
 * The environment of a fresh shell: this test's node first on the PATH (the bin's shebang runs `node`),
 * no workspace hints.
 */
function userEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|NODE_PATH$|NODE_OPTIONS$|VITEST|INIT_CWD$)/i.test(name)),
  );
  return {
    ...env,
    PATH: [path.dirname(process.execPath), path.join(prefix, 'bin'), process.env.PATH].join(path.delimiter),
    CN_IDLE_MINUTES: '10',
  };
}

function run(file: string, args: string[], cwd: string, timeoutMs = 120_000): Promise<CnResult> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env: userEnv(), timeout: timeoutMs, maxBuffer: 16 << 20 }, (error, stdout, stderr) =>
      resolve({ stdout, stderr, exitCode: error ? (typeof error.code === 'number' ? error.code : 1) : 0 }),
    );
  });
}

const installedCn = (args: string[]) => run(cnBin, args, project);

beforeAll(async () => {
  tarball = await packPackage(path.join(work, 'packed'));
  npm(['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', tarball], { cwd: work });
  project = copyProject('examples/shop');
}, 600_000);

afterAll(async () => {
  if (project) {
    await installedCn(['stop']);
    const portFile = readPortFile(project);
    if (portFile && isAlive(portFile.pid)) process.kill(portFile.pid, 'SIGKILL');
    rmSync(project, { recursive: true, force: true });
  }
  rmSync(work, { recursive: true, force: true });
});

describe('the npm package, installed from its tarball', () => {
  it('pulls only its runtime dependencies: the bundles carry the rest', () => {
    const manifest = JSON.parse(readFileSync(path.join(installedPackage, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.dependencies).sort()).toEqual([
      'typescript',
      'typescript-language-server',
      'typescript-native',
    ]);
    const installedModules = readdirSync(path.join(installedPackage, 'node_modules')).filter((name) => name !== '.bin');
    // @typescript: the native compiler's platform binary, an optional dependency of typescript@7.
    expect(installedModules.sort()).toEqual(['@typescript', ...Object.keys(manifest.dependencies)].sort());
    expect(readdirSync(installedPackage).sort()).toEqual(['README.md', 'bin', 'dist', 'node_modules', 'package.json']);
    expect(readlinkSync(cnBin)).toMatch(/cn-navigator[\\/]bin[\\/]cn\.cjs$/);
  });

  it('cn --version prints the repository version', async () => {
    const { version } = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'));
    const result = await installedCn(['--version']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^cn/${version.replace(/\./g, '\\.')} `));
  });

  it('cn find answers in a project outside the repository, and every process it starts runs from the prefix', async () => {
    const installed = realpathSync(installedPackage);
    const treeCommands = () => {
      const daemon = readPortFile(project)!.pid;
      return [daemon, ...descendants(daemon)].map((pid) =>
        readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '),
      );
    };
    // The default engine (auto: native for this project), then tsserver.
    const native = await installedCn(['find', 'User', '--no-refs']);
    expect(native.stderr).toBe('');
    expect(native.exitCode).toBe(0);
    expect(JSON.parse(native.stdout).definition).toMatchObject({ filePath: 'src/domain/user.ts', kind: 'Class' });
    const nativeTree = treeCommands();
    expect(nativeTree[0]).toContain(path.join(installed, 'dist', 'cn-daemon.cjs'));
    expect(nativeTree.some((command) => command.includes(path.join(installed, 'node_modules/@typescript/')))).toBe(
      true,
    );
    for (const command of nativeTree) expect(command).not.toContain(REPO);

    await installedCn(['stop']);
    const started = await installedCn(['start', '--engine', 'tsserver']);
    expect(started.exitCode, started.stderr).toBe(0);
    const tsserver = await installedCn(['find', 'User', '--no-refs']);
    expect(tsserver.exitCode, tsserver.stderr).toBe(0);
    const tree = treeCommands();
    expect(tree[0]).toContain(path.join(installed, 'dist', 'cn-daemon.cjs'));
    expect(
      tree.some((command) => command.includes(path.join(installed, 'node_modules/typescript-language-server'))),
    ).toBe(true);
    expect(
      tree.some((command) => command.includes(path.join(installed, 'node_modules/typescript/lib/tsserver.js'))),
    ).toBe(true);
    for (const command of tree) expect(command).not.toContain(REPO);
  });

  it('npx runs the tarball without installing it', async () => {
    const result = await run('npm', ['exec', '--yes', '--package', tarball, '--', 'cn', '--version'], work, 300_000);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^cn\/\d+\.\d+\.\d+ /);
  }, 300_000);

  it('the MCP Inspector (--cli) lists cn mcp tools and calls cn_find', async () => {
    const major = Number(process.versions.node.split('.')[0]);
    // The inspector needs a newer node than cn does; cn mcp itself runs under this test's node.
    const inspectorNode =
      major >= INSPECTOR_MIN_NODE ? process.execPath : nodeBinary(latestNodeVersion(String(INSPECTOR_MIN_NODE)));
    const launcher = inspectorLauncher(inspectorNode);
    const server = [process.execPath, path.join(installedPackage, 'bin', 'cn.cjs'), 'mcp', '--root', project];
    const inspect = (method: string[]) =>
      run(inspectorNode, [launcher, '--cli', ...server, '-e', 'CN_IDLE_MINUTES=10', '--method', ...method], work);

    const listed = await inspect(['tools/list']);
    expect(listed.exitCode, listed.stderr).toBe(0);
    const names = (JSON.parse(listed.stdout).tools as Array<{ name: string }>).map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['cn_find', 'cn_map', 'cn_status']));

    // The default answer is compact text; json also carries the object.
    const called = await inspect(['tools/call', '--tool-name', 'cn_find', '--tool-arg', 'query=User']);
    expect(called.exitCode, called.stderr).toBe(0);
    const answer = JSON.parse(called.stdout);
    expect(answer.isError ?? false).toBe(false);
    expect(answer.content[0].text).toMatch(/^src\/domain\/user\.ts:6:14 {2}Class {2}User /);
    const asJson = await inspect([
      'tools/call',
      '--tool-name',
      'cn_find',
      '--tool-arg',
      'query=User',
      '--tool-arg',
      'format=json',
    ]);
    expect(asJson.exitCode, asJson.stderr).toBe(0);
    expect(JSON.parse(asJson.stdout).structuredContent.definition.filePath).toBe('src/domain/user.ts');
  }, 600_000);

  it('cn stop stops the daemon it started', async () => {
    const pid = readPortFile(project)!.pid;
    const result = await installedCn(['stop']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ stopped: true, pid });
    expect(isAlive(pid)).toBe(false);
  });
});
