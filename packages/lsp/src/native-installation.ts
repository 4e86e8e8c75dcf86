import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CnError } from '@cn/core';
import type { EngineVersions } from './engine-adapter.js';
import { readVersion } from './language-server-process.js';

const require = createRequire(import.meta.url);
/** typescript@7 installed beside 5.9 under this alias (packages/lsp/package.json). */
const NATIVE_PACKAGE = 'typescript-native';

export interface NativeInstallation extends EngineVersions {
  /** The platform's own executable: spawned directly, not through typescript's JS wrapper. */
  binary: string;
}

/**
 * The native server's executable. typescript@7's `bin/tsc` is a Node script that re-executes the
 * platform binary; on Node < 22.15 (no process.execve) it stays resident beside it (+43 MB), so cn
 * starts `@typescript/typescript-<platform>-<arch>/lib/tsc` itself, resolved from the installed
 * typescript@7 (its optional dependency). Throws a CnError naming the missing package when this
 * platform's binary is not installed.
 */
export function locateNative(platform: string = process.platform, arch: string = process.arch): NativeInstallation {
  let manifest: string;
  try {
    // A literal specifier: scripts/package.mjs reads the packages the bundles resolve at run time from it.
    manifest = require.resolve('typescript-native/package.json');
  } catch {
    throw new CnError(
      'unavailable',
      `the native engine is not installed (${NATIVE_PACKAGE}, typescript@7, is missing)`,
      'run npm ci in the cn checkout, or use --engine tsserver',
    );
  }
  const platformPackage = `@typescript/typescript-${platform}-${arch}`;
  let binary: string | undefined;
  try {
    const platformManifest = createRequire(manifest).resolve(`${platformPackage}/package.json`);
    binary = path.join(path.dirname(platformManifest), 'lib', platform === 'win32' ? 'tsc.exe' : 'tsc');
  } catch {
    binary = undefined;
  }
  if (!binary || !existsSync(binary)) {
    throw new CnError(
      'unavailable',
      `the native engine has no binary for ${platform}-${arch} (${platformPackage} is not installed)`,
      `install it (npm install ${platformPackage}; npm skips optional packages with --omit=optional), or use --engine tsserver`,
    );
  }
  const version = readVersion(manifest);
  return { engine: 'native', binary, serverVersion: version, typescriptVersion: version, typescriptSource: 'bundled' };
}
