import { describe, expect, it, vi } from 'vitest';
import { HitsByFile } from '../src/hits-by-file.js';
import type { LanguageServerSession } from '../src/language-server-session.js';
import type { NativeOutline } from '../src/native-outline.js';
import { NativeSymbolIndex } from '../src/native-symbol-index.js';
import type { ProjectLayout } from '../src/project-layout.js';

const ROOT = '/project';
const FILE = `${ROOT}/src/user.ts`;
const LIBRARY = '/lib/lib.dom.d.ts';

/** A session that answers workspace/symbol with one library declaration, and says when it was asked. */
function sessionRecording(events: string[]): LanguageServerSession {
  const userPlace = { start: { line: 1, character: 1 }, end: { line: 1, character: 5 } };
  return {
    root: ROOT,
    log: () => undefined,
    documents: { syncAll: async () => undefined },
    request: async () => {
      events.push('engine asked');
      return [{ name: 'UserActivation', kind: 5, location: { uri: `file://${LIBRARY}`, range: userPlace } }];
    },
    positions: {
      locations: async (locations: Array<{ uri: string; range: typeof userPlace }>) =>
        locations.map(({ uri, range }) => ({ filePath: uri.slice('file://'.length), range })),
    },
  } as unknown as LanguageServerSession;
}

const outline: NativeOutline = {
  outline: [
    {
      name: 'User',
      kind: 'Class',
      range: { start: { line: 1, character: 1 }, end: { line: 3, character: 2 } },
      selectionRange: { start: { line: 1, character: 14 }, end: { line: 1, character: 18 } },
      children: [],
    },
  ],
  aliases: [],
  plainImports: [],
  objectProperties: new Set(),
} as unknown as NativeOutline;

describe('NativeSymbolIndex.search', () => {
  it('asks the engine for the names outside the index before it matches its own (the two overlap)', async () => {
    const events: string[] = [];
    const index = new NativeSymbolIndex(sessionRecording(events), async () => outline);
    index.start({ sourceFiles: [FILE] } as unknown as ProjectLayout);
    await index.whenBuilt();
    const original = HitsByFile.prototype.matching;
    const spied = vi.spyOn(HitsByFile.prototype, 'matching').mockImplementation(function (this: HitsByFile, matches) {
      events.push('index matched');
      return original.call(this, matches);
    });
    try {
      const found = await index.search('User', false);
      expect(found.hits.map((hit) => `${hit.name} ${hit.filePath}`)).toEqual([
        `User ${FILE}`,
        `UserActivation ${LIBRARY}`,
      ]);
      expect(events[0]).toBe('engine asked');
      expect(events).toContain('index matched');
    } finally {
      spied.mockRestore();
      index.dispose();
    }
  });
});
