import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { OutlineNode } from '@cn/core';
import type * as lsp from 'vscode-languageserver-protocol';
import { normalizeNativeFolds, normalizeNativeOutline } from '../src/native-outline.js';
import { hitsOf, matchesLikeNavto } from '../src/native-symbol-index.js';

/**
 * What typescript@7.0.2's server answered for one file (recorded/native-kinds.json) and what
 * typescript-language-server answers for the same text: the normalized native outline must be the latter.
 */
const recorded = JSON.parse(readFileSync(new URL('./recorded/native-kinds.json', import.meta.url), 'utf8')) as {
  text: string;
  symbols: lsp.DocumentSymbol[];
  folds: lsp.FoldingRange[];
};

function flat(nodes: OutlineNode[], container = ''): string[] {
  return nodes.flatMap((node) => [
    `${container}${node.name} ${node.kind} ${node.selectionRange.start.line}:${node.selectionRange.start.character}`,
    ...flat(node.children, `${container}${node.name}.`),
  ]);
}

describe('the native outline, normalized to the one tsserver gives', () => {
  const { outline, aliases, plainImports } = normalizeNativeOutline(recorded.symbols, recorded.text);

  it('drops import bindings and export specifiers, as typescript-language-server lists none', () => {
    const names = flat(outline).map((line) => line.split(' ')[0]);
    for (const binding of ['Def', 'plain', 'renamed', 'ns', 'T', 'again']) expect(names).not.toContain(binding);
  });

  it('keeps the bindings navto reports as aliases: re-exports, default, namespace and renamed imports', () => {
    expect(aliases.map((alias) => alias.name)).toEqual(['Def', 'renamed', 'ns', 'again']);
    expect(aliases[3].range.start).toEqual({ line: 4, character: 19 });
    // navto also lists these when the name is declared nowhere under it: the index decides on a search.
    expect(plainImports.map((binding) => binding.name)).toEqual(['plain', 'T']);
  });

  it('names kinds as tsserver does: const, type alias, accessor, function-valued property', () => {
    const lines = flat(outline);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Alias Variable 5:13',
        'answer Constant 6:14',
        'second Constant 6:27',
        'mutable Variable 7:5',
        'x Constant 8:9',
        'z Constant 8:16',
        'Box.size Method 10:7',
        'Box.size Method 11:7',
        'Box.handler Property 12:3',
        'api Constant 15:14',
        'api.run Method 15:22',
        'api.go Method 15:36',
        'api.plain Property 15:64',
        'item Constant 16:12',
      ]),
    );
  });

  it('folds up to the line before a closing bracket, as typescript-language-server does', () => {
    const folds = normalizeNativeFolds(recorded.folds, recorded.text);
    const classFold = folds.find((fold) => fold.startLine === 8);
    expect(classFold).toMatchObject({ startLine: 8, endLine: 12 });
    // The imports' fold ends at a name, not a bracket: unchanged.
    expect(folds.find((fold) => fold.kind === 'imports')).toMatchObject({ startLine: 0, endLine: 2 });
  });

  it('indexes every declaration with its container, and the aliases', () => {
    const hits = hitsOf('/p/a.ts', normalizeNativeOutline(recorded.symbols, recorded.text));
    expect(hits).toContainEqual(expect.objectContaining({ name: 'size', kind: 'Method', containerName: 'Box' }));
    // navto lists an object literal's method shorthand, with no container (a variable is none), not its properties.
    expect(hits.find((hit) => hit.name === 'method')).toMatchObject({ kind: 'Method' });
    expect(hits.find((hit) => hit.name === 'method')?.containerName).toBeUndefined();
    expect(hits.map((hit) => hit.name)).not.toContain('run');
    expect(hits.map((hit) => hit.name)).not.toContain('plain');
    expect(hits).toContainEqual(expect.objectContaining({ name: 'again', alias: true }));
    expect(hits.map((hit) => hit.name)).not.toContain('constructor');
  });
});

describe('names matched as navto matches them', () => {
  it('a prefix ignoring case, capitals anywhere case-sensitively, lowercase at a word start', () => {
    expect(matchesLikeNavto('HonoBase', 'hono')).toBe(true);
    expect(matchesLikeNavto('createHonoApp', 'Hono')).toBe(true);
    expect(matchesLikeNavto('createHonoApp', 'hono')).toBe(true);
    expect(matchesLikeNavto('phonograph', 'hono')).toBe(false);
    expect(matchesLikeNavto('myrouter', 'router')).toBe(false);
    expect(matchesLikeNavto('XMLHttpRequest', 'http')).toBe(true);
    expect(matchesLikeNavto('route_handler', 'handler')).toBe(true);
    expect(matchesLikeNavto('createhonoapp', 'Hono')).toBe(false);
    expect(matchesLikeNavto('X_HONO_KEY', 'Hono')).toBe(true);
    expect(matchesLikeNavto('base64Encode', 'encode')).toBe(true);
    expect(matchesLikeNavto('base64Encode', '64')).toBe(true);
    expect(matchesLikeNavto('baseencode', 'encode')).toBe(false);
    // Lowercased, the name no longer holds the query (a final sigma lowercases to ς): as written, it does.
    expect(matchesLikeNavto('ΑΣ', 'Σ')).toBe(true);
    expect(matchesLikeNavto('ΑΣ', 'σ')).toBe(false);
  });

  it('gives a hit the enclosing class, function or method, not a variable holding an arrow function', () => {
    const range = { start: { line: 1, character: 1 }, end: { line: 1, character: 2 } };
    const node = (name: string, kind: string, children: OutlineNode[] = []): OutlineNode => ({
      name,
      kind,
      range,
      selectionRange: range,
      children,
    });
    const outline = [
      node('makeApp', 'Constant', [node('Hono', 'Constant')]),
      node('App', 'Class', [node('run', 'Method')]),
    ];
    const hits = hitsOf('/p/a.ts', { outline, aliases: [], objectProperties: new Set() });
    expect(hits.map((hit) => `${hit.containerName ?? '-'} ${hit.name}`)).toEqual([
      '- makeApp',
      '- Hono',
      '- App',
      'App run',
    ]);
  });
});
