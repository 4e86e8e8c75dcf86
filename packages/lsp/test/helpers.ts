import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EngineName } from '@cn/core';
import { startTypeScriptEngine, type EngineOptions, type TypeScriptEngine } from '../src/index.js';

/** The engine under test: vitest.config.ts runs this suite once per engine (CN_ENGINE); tsserver when run alone. */
export const ENGINE: EngineName = process.env.CN_ENGINE === 'native' ? 'native' : 'tsserver';

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures');

export function fixture(name: string): string {
  return path.join(FIXTURES, name);
}

/** A private copy in the OS temp dir, for tests that edit files: fixtures are never mutated. */
export function copyFixture(name: string): string {
  const target = mkdtempSync(path.join(os.tmpdir(), `cn-lsp-${name}-`));
  cpSync(fixture(name), target, { recursive: true });
  return target;
}

export async function startEngine(root: string, options: Partial<EngineOptions> = {}): Promise<TypeScriptEngine> {
  const engine = await startTypeScriptEngine({
    root,
    engine: ENGINE,
    logDirectory: mkdtempSync(path.join(os.tmpdir(), 'cn-lsp-logs-')),
    ...options,
  });
  await engine.whenReady();
  return engine;
}

/** 1-based line and UTF-16 column of the first `needle` on line `line` (1-based) of the file. */
export function columnOf(filePath: string, line: number, needle: string): number {
  const text = readFileSync(filePath, 'utf8').split('\n')[line - 1];
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`"${needle}" not on line ${line} of ${filePath}`);
  return index + 1;
}

/** "relative/path:line:character" for compact assertions. */
export function describeLocation(
  root: string,
  location: { filePath: string; range: { start: { line: number; character: number } } },
): string {
  return `${path.relative(root, location.filePath)}:${location.range.start.line}:${location.range.start.character}`;
}

export const LONG = 60_000;
