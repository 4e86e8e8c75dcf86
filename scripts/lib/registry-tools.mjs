// Tools the tests and scripts take from the npm registry into a cache outside the repository, once:
// Node binaries for the version matrix (the `node-<platform>-<arch>` packages) and the MCP Inspector.
// `$XDG_CACHE_HOME/cn-tools` (else ~/.cache/cn-tools); a finished install is marked, so an
// interrupted one is redone instead of half-used.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The MCP Inspector whose `--cli` checks the installed package's `cn mcp` (it needs Node ≥ 22.19). */
export const INSPECTOR_SPEC = '@modelcontextprotocol/inspector@2.12.0';
export const INSPECTOR_MIN_NODE = 22;

/** A directory of the user's cache: `$XDG_CACHE_HOME/<name>`, else `~/.cache/<name>`. */
export function userCacheDirectory(name) {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, name);
}

const TOOLS = () => userCacheDirectory('cn-tools');

/** npm with the caller's npm_config_* variables removed (`npm run` sets them; they would redirect prefix or cache). */
export function npm(args, options = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  return execFileSync('npm', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env, ...options });
}

/** The package that carries node's binary for this machine, as the registry names it. */
function nodePackage() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  return `node-${platform}-${process.arch}`;
}

/** The newest release of a Node major in the registry: '22' → '22.23.3'. */
export function latestNodeVersion(major) {
  const versions = JSON.parse(npm(['view', `${nodePackage()}@${major}`, 'version', '--json']));
  const list = Array.isArray(versions) ? versions : [versions];
  return list.sort((a, b) => compareVersions(a, b)).at(-1);
}

function compareVersions(a, b) {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

/**
 * `npm pack` of a registry package into a directory, tried three times: once in a full matrix run it failed with
 * status 1 and nothing on stderr while other npm processes shared the cache, and passed on the next try.
 */
function packWithRetries(spec, destination) {
  for (let attempt = 1; ; attempt++) {
    try {
      return npm(['pack', spec, '--pack-destination', destination, '--silent']).trim().split('\n').pop();
    } catch (error) {
      if (attempt >= 3)
        throw new Error(`npm pack ${spec} failed ${attempt} times: ${String(error.stderr ?? error.message).trim()}`, {
          cause: error,
        });
      execFileSync('sleep', [String(attempt * 5)]);
    }
  }
}

/** The path of a node binary of that exact version, downloaded from the registry on first use. */
export function nodeBinary(version) {
  const directory = path.join(TOOLS(), `node-${version}`);
  const binary = path.join(directory, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(path.join(directory, '.complete'))) return binary;
  const downloads = mkdtempSync(path.join(os.tmpdir(), 'cn-node-'));
  try {
    const tarball = packWithRetries(`${nodePackage()}@${version}`, downloads);
    rmSync(directory, { recursive: true, force: true });
    mkdirSync(directory, { recursive: true });
    execFileSync('tar', ['xzf', path.join(downloads, tarball), '-C', directory, '--strip-components=1']);
    writeFileSync(path.join(directory, '.complete'), `${version}\n`);
    return binary;
  } finally {
    rmSync(downloads, { recursive: true, force: true });
  }
}

/**
 * The MCP Inspector's launcher script, installed on first use with `nodeForInstall` first on the PATH
 * (the inspector refuses older nodes); run it with a node of INSPECTOR_MIN_NODE or newer.
 */
export function inspectorLauncher(nodeForInstall) {
  const prefix = path.join(TOOLS(), INSPECTOR_SPEC.replace(/[@/]/g, '_'));
  const launcher = path.join(prefix, 'bin', 'mcp-inspector');
  if (!existsSync(path.join(prefix, '.complete'))) {
    rmSync(prefix, { recursive: true, force: true });
    npm(['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', INSPECTOR_SPEC], {
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
        PATH: `${path.dirname(nodeForInstall)}${path.delimiter}${process.env.PATH}`,
      },
    });
    writeFileSync(path.join(prefix, '.complete'), `${INSPECTOR_SPEC}\n`);
  }
  return realpathSync(launcher);
}
