import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallHierarchyItem } from '@cn/core';
import type { TypeScriptEngine } from '../src/index.js';
import { fixture, LONG, startEngine } from './helpers.js';

const root = fixture('graph');
const chain = path.join(root, 'src/calls/chain.ts');
const shapes = path.join(root, 'src/shapes/shapes.ts');
const where = (location: { filePath: string; range: { start: { line: number; character: number } } }) =>
  `${path.relative(root, location.filePath)}:${location.range.start.line}:${location.range.start.character}`;
const named = (item: CallHierarchyItem) =>
  `${item.name}@${where({ filePath: item.filePath, range: item.selectionRange })}`;

describe('graph fixture through typescript-language-server', { timeout: LONG }, () => {
  let engine: TypeScriptEngine;
  beforeAll(async () => {
    engine = await startEngine(root);
  }, LONG);
  afterAll(() => engine?.dispose());

  it('prepares a call hierarchy item at the function name, with its kind and whole range', async () => {
    const [ping] = await engine.prepareCallHierarchy(chain, { line: 20, character: 17 });
    expect(ping).toMatchObject({
      name: 'ping',
      kind: 'Function',
      filePath: chain,
      range: { start: { line: 19, character: 1 }, end: { line: 22, character: 2 } },
    });
    expect(named(ping)).toBe('ping@src/calls/chain.ts:20:17');
  });

  it('lists callers with their call sites, and what a function calls, through the cycle', async () => {
    const [ping] = await engine.prepareCallHierarchy(chain, { line: 20, character: 17 });
    const incoming = await engine.incomingCalls(ping);
    expect(incoming.map((call) => `${named(call.from)} at ${call.callSites.map(where).join(',')}`)).toEqual([
      'evaluate@src/calls/chain.ts:15:17 at src/calls/chain.ts:16:41',
      'pong@src/calls/chain.ts:24:17 at src/calls/chain.ts:25:10',
    ]);
    const outgoing = await engine.outgoingCalls(ping);
    expect(outgoing.map((call) => `${named(call.to)} at ${call.callSites.map(where).join(',')}`)).toEqual([
      'pong@src/calls/chain.ts:24:17 at src/calls/chain.ts:21:19',
    ]);
    const [pong] = outgoing.map((call) => call.to);
    expect((await engine.outgoingCalls(pong)).map((call) => named(call.to))).toEqual(['ping@src/calls/chain.ts:20:17']);
  });

  it('sees recursion as a call to itself', async () => {
    const [evaluate] = await engine.prepareCallHierarchy(chain, { line: 15, character: 17 });
    const outgoing = (await engine.outgoingCalls(evaluate)).map((call) => named(call.to)).sort();
    expect(outgoing).toEqual(['evaluate@src/calls/chain.ts:15:17', 'ping@src/calls/chain.ts:20:17']);
  });

  it('answers nothing callable on a type', async () => {
    expect(await engine.prepareCallHierarchy(shapes, { line: 2, character: 18 })).toEqual([]);
  });

  it('finds the three implementations of an interface and of its member', async () => {
    const ofInterface = await engine.implementations(shapes, { line: 2, character: 18 });
    expect(ofInterface.map(where)).toEqual([
      'src/shapes/shapes.ts:6:14',
      'src/shapes/shapes.ts:13:14',
      'src/shapes/shapes.ts:20:14',
    ]);
    const ofMember = await engine.implementations(shapes, { line: 3, character: 3 });
    expect(ofMember.map(where)).toEqual([
      'src/shapes/shapes.ts:8:3',
      'src/shapes/shapes.ts:15:3',
      'src/shapes/shapes.ts:25:3',
    ]);
  });

  it('splits hover into the signature and the doc comment', async () => {
    expect(await engine.hover(chain, { line: 15, character: 17 })).toEqual({
      signature: 'function evaluate(n: number): number',
      documentation: 'Recursive: evaluate calls itself.',
    });
  });

  it('gives the type definition of a callback parameter', async () => {
    const locations = await engine.typeDefinition(shapes, { line: 31, character: 30 });
    expect(locations.map(where)).toEqual(['src/shapes/shapes.ts:2:18']);
  });

  it("names the standard library's types the engine points into, by name and lib file (issue 24.7)", async () => {
    const main = path.join(root, 'src/imports/main.ts');
    const locations = await engine.typeDefinition(main, { line: 7, character: 23 });
    const outside = locations.filter((location) => !location.filePath.startsWith(root));
    expect(outside.length).toBeGreaterThan(0);
    const declared = await Promise.all(
      outside.map((location) => engine.libraryDeclaration(location.filePath, location.range.start)),
    );
    // The interface, and the `declare var Promise` it merges with.
    expect(new Set(declared.map((found) => found?.name))).toEqual(new Set(['Promise']));
    expect(declared.map((found) => found?.kind)).toContain('Interface');
    expect(declared.every((found) => found && /^lib\.[\w.]+\.d\.ts$/.test(found.library))).toBe(true);
    expect(await engine.libraryDeclaration(main, { line: 7, character: 23 })).toBeUndefined();
  });

  it('reports type errors with TS codes, and nothing for a clean file', async () => {
    const broken = path.join(root, 'src/diagnostics/broken.ts');
    expect(await engine.diagnostics([broken, chain])).toEqual([
      {
        filePath: broken,
        range: { start: { line: 2, character: 14 }, end: { line: 2, character: 20 } },
        severity: 'error',
        code: 'TS2322',
        message: "Type 'string' is not assignable to type 'number'.",
      },
    ]);
    expect(await engine.diagnostics([chain])).toEqual([]);
  });

  it('refuses files outside the root', async () => {
    await expect(engine.prepareCallHierarchy('/etc/hosts', { line: 1, character: 1 })).rejects.toThrow(
      /outside the project root/,
    );
  });
});
