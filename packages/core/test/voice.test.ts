import { describe, expect, it } from 'vitest';
import {
  CLI_VOICE,
  MCP_VOICE,
  presentAnswer,
  type CallsResponse,
  type FindResponse,
  type OverviewResponse,
  type UnusedResponse,
} from '../src/index.js';

/**
 * Issue 24, item 16: answers told an MCP client to "re-ask with cn find <id>" and to raise "--limit / --max-tokens",
 * words it cannot use. A presenter prints its hints in the voice of whoever reads them: the CLI's commands and flags,
 * or the tools and their arguments.
 */
const place = { id: 'src/a.ts::3::17', filePath: 'src/a.ts', line: 3, character: 17, preview: 'f()' };

const find: FindResponse = {
  query: 'f',
  definition: { ...place, kind: 'Function', name: 'f' },
  references: [],
  totalReferences: 4,
  truncated: true,
  ambiguous: true,
  commentReferences: 2,
  candidates: [{ ...place, id: 'src/b.ts::1::17', filePath: 'src/b.ts', kind: 'Function', name: 'f' }],
  totalCandidates: 3,
};

const calls = {
  root: place.id,
  direction: 'in',
  depth: 1,
  nodes: [{ id: place.id, name: 'f', kind: 'Function', depth: 0 }],
  edges: [],
  filteredCallSites: 2,
  ambiguous: true,
  candidates: [],
} as unknown as CallsResponse;

const overview: OverviewResponse = {
  dir: '.',
  counts: { files: 1, symbols: 9, byKind: { Function: 9 } },
  mostImported: [],
  files: [{ filePath: 'src/a.ts', symbols: [], omitted: 9 }],
  total: 1,
};

const unused = {
  path: 'src',
  filesChecked: 1,
  checked: 3,
  files: [{ filePath: 'src/a.ts', unused: [{ ...place, name: 'f', kind: 'Function', exported: true }] }],
  total: 3,
  usedOnlyByTests: 0,
  projects: 1,
  complete: true,
} as unknown as UnusedResponse;

describe('hints in the words of who reads them (issue 24, item 16)', () => {
  it('MCP: the tool and its argument, never a cn command or a flag', () => {
    const outputs = [
      ...(['text', 'compact'] as const).map(
        (format) => presentAnswer('find', find, format, undefined, MCP_VOICE).output,
      ),
      presentAnswer('calls', calls, 'compact', undefined, MCP_VOICE).output,
      presentAnswer('overview', overview, 'compact', undefined, MCP_VOICE).output,
      presentAnswer('unused', unused, 'compact', undefined, MCP_VOICE).output,
    ];
    const all = outputs.join('\n');
    expect(all).toContain('re-ask with cn_find query=<id> or Container.name');
    expect(all).toContain('(raise limit or maxTokens)');
    expect(all).toContain('2 in comments (role comment)');
    expect(all).toContain('in files refsIn/refsNotIn exclude');
    expect(all).toContain('re-ask with an id: cn_calls target=<id>');
    expect(all).toContain('(cn_map file=src/a.ts)');
    expect(all).toContain('(limit / maxTokens)');
    expect(all).not.toMatch(/(^|[\s(/])--[a-z]|\bcn (find|map|calls|impl|type|impact) /m);
  });

  it('CLI: the commands and flags, as before', () => {
    const text = presentAnswer('find', find, 'compact', undefined, CLI_VOICE).output;
    expect(text).toContain('re-ask with cn find <id> or Container.name');
    expect(text).toContain('(raise --limit or --max-tokens)');
    expect(presentAnswer('find', find, 'compact').output).toBe(text);
    expect(CLI_VOICE.option('refsNotIn')).toBe('--refs-not-in');
  });
});
