import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import * as path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every package a workspace package's sources import is listed in its own package.json: one that
 * resolves only because npm hoisted it to the root (as @cn/mcp did for the CLI) breaks the moment the
 * package is installed or bundled on its own.
 */
const REPO = path.resolve(import.meta.dirname, '../..');
const PACKAGES = readdirSync(path.join(REPO, 'packages'));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** 'fastify' from 'fastify', '@cn/protocol' from '@cn/protocol/request-proof'. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function importedPackages(packageDir: string): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(path.join(packageDir, 'src'))) {
    // The compiler's own import scanner: static, dynamic and type-only imports, never text in strings or comments.
    for (const { fileName: specifier } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (specifier.startsWith('.') || specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
      names.add(packageName(specifier));
    }
  }
  return names;
}

describe('workspace package dependencies', () => {
  it.each(PACKAGES)('packages/%s lists every package its sources import', (name) => {
    const packageDir = path.join(REPO, 'packages', name);
    const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
      name: string;
      dependencies?: Record<string, string>;
    };
    const listed = new Set(Object.keys(manifest.dependencies ?? {}));
    const missing = [...importedPackages(packageDir)].filter(
      (imported) => imported !== manifest.name && !listed.has(imported),
    );
    expect(missing).toEqual([]);
  });
});
