import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * npm 11.16+ warns on `npm ci` for every installed package whose install scripts package.json's `allowScripts` does
 * not cover (`install-scripts … not yet covered by allowScripts`), and npm 12 skips those scripts. Each one the
 * lockfile installs is named there, reviewed (esbuild's postinstall checks its platform binary), so a fresh clone
 * installs without a warning and with the same scripts on every npm.
 */
const REPO = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'));
const lockfile = JSON.parse(readFileSync(path.join(REPO, 'package-lock.json'), 'utf8'));

describe('install scripts', () => {
  it('every package the lockfile installs with an install script is reviewed in allowScripts', () => {
    const reviewed = (manifest.allowScripts ?? {}) as Record<string, boolean>;
    const covered = (name: string, version: string) =>
      typeof reviewed[name] === 'boolean' || typeof reviewed[`${name}@${version}`] === 'boolean';
    const uncovered = Object.entries(
      lockfile.packages as Record<string, { version?: string; hasInstallScript?: boolean }>,
    )
      .filter(([location, entry]) => location !== '' && entry.hasInstallScript)
      .map(([location, entry]) => ({ name: location.slice(location.lastIndexOf('node_modules/') + 13), entry }))
      .filter(({ name, entry }) => !covered(name, entry.version ?? ''))
      .map(({ name, entry }) => `${name}@${entry.version}`);
    expect(uncovered).toEqual([]);
  });
});
