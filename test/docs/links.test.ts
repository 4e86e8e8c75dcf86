import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cn.js';
import { brokenLinks } from './links.js';
import { githubSlug, headingAnchors, localLinks } from './markdown.js';

const DOCS = path.join(REPO, 'docs');
const documents = [
  path.join(REPO, 'CONTRIBUTING.md'),
  ...readdirSync(DOCS)
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(DOCS, name)),
];

describe('links in docs/ and CONTRIBUTING.md', () => {
  it.each(documents.map((file) => [path.relative(REPO, file), file]))(
    '%s: every local link resolves to a file and heading',
    (_name, file) => {
      expect(brokenLinks(file)).toEqual([]);
    },
  );
});

describe('anchors and links as GitHub renders them', () => {
  it('slugs headings: lower case, code and punctuation marks dropped, spaces to hyphens', () => {
    expect(githubSlug('Threat model and defences')).toBe('threat-model-and-defences');
    expect(githubSlug('`cn find <query>`')).toBe('cn-find-query');
    expect(githubSlug('`cn start`, `cn stop`, `cn status`')).toBe('cn-start-cn-stop-cn-status');
    expect(githubSlug('Start-up of the one-shot CLI (`node scripts/cli-startup.mjs`, warm daemon)')).toBe(
      'start-up-of-the-one-shot-cli-node-scriptscli-startupmjs-warm-daemon',
    );
    expect(githubSlug('Latest (2026-11-23, after issue 10)')).toBe('latest-2026-11-23-after-issue-10');
    expect(githubSlug('MCP: `cn mcp` → tools')).toBe('mcp-cn-mcp--tools');
  });

  it('numbers repeated headings and ignores headings inside code fences', () => {
    const markdown = ['# A', '## Notes', '```', '## Fenced', '```', '## Notes', '~~~md', '# Also fenced', '~~~'];
    expect([...headingAnchors(markdown.join('\n'))]).toEqual(['a', 'notes', 'notes-1']);
  });

  it('finds local links outside code, with their anchors, and skips URLs', () => {
    const markdown = [
      'see [a](docs/a.md#x-y) and [b](#here), [web](https://example.com)',
      '`[not](a-link.md)`',
      '```',
      '[fenced](f.md)',
      '```',
    ];
    expect(localLinks(markdown.join('\n'))).toEqual([
      { target: 'docs/a.md#x-y', file: 'docs/a.md', anchor: 'x-y' },
      { target: '#here', file: '', anchor: 'here' },
    ]);
  });
});
