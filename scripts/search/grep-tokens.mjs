#!/usr/bin/env node
// Tokens an agent reads for the same pattern from `rg -n` and from `cn grep` (o200k, as scripts/format-tokens.mjs):
// both over the same source files under src/, cn with every matching line listed (--limit 100000) and with its
// default limit (100 lines). Runs on a temporary copy of the corpus with its own daemon, stopped at the end.
// Needs ripgrep (`rg`) on PATH.
//   node scripts/search/grep-tokens.mjs --corpus-root <hono checkout>      (default: the agent eval's checkout)
//   node scripts/search/grep-tokens.mjs --corpus effect                   (a bench corpus, from the npm registry)
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { parseScriptArgs, usageError } from '../lib/cli-args.mjs';
import { CN_BIN, corpusRoot } from '../agent-eval/corpus.mjs';
import { prepareCorpus } from '../bench/corpora.mjs';

/** What an agent greps for: a name, a call, a header, an error pattern, a comment marker, a literal. */
const PATTERNS = {
  hono: [
    ['UnsupportedPathError'],
    ['c\\.req\\.header\\('],
    ['accept-encoding', '-i'],
    ['throw new \\w+Error'],
    ['@deprecated'],
    ['new URL\\('],
    ['\\.status\\(4\\d\\d\\)'],
    ['getPath'],
  ],
  effect: [['Effect\\.gen'], ['Schedule\\.spaced'], ['catchAll'], ['dual\\('], ['@since 2\\.0\\.0'], ['retry', '-i']],
};

const { values: options } = parseScriptArgs('grep-tokens', process.argv.slice(2), {
  'corpus-root': { type: 'string' },
  corpus: { type: 'string' },
});
const name = options.corpus ?? 'hono';
const patterns = PATTERNS[name];
if (!patterns) usageError('grep-tokens', `no patterns for '${name}' (have: ${Object.keys(PATTERNS).join(', ')})`);
const source = options.corpus ? prepareCorpus(options.corpus).root : (options['corpus-root'] ?? corpusRoot('hono'));
const root = mkdtempSync(path.join(os.tmpdir(), 'cn-grep-tokens-'));
cpSync(source, root, {
  recursive: true,
  filter: (file) => !['.ts-search-daemon.json', '.git', 'node_modules'].includes(path.basename(file)),
});

const SOURCE_GLOB = '*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
const cn = (...args) =>
  spawnSync(process.execPath, [CN_BIN, ...args, '--root', root], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });

try {
  // The first searches read every file cold (and parse those with matches): warm up until one is complete, as in
  // an agent's session.
  for (let tries = 0; tries < 20; tries++) {
    const warm = cn('grep', patterns[0][0], 'src', '--limit', '1', '--timeout', '900000');
    if (JSON.parse(warm.stdout || '{}').complete) break;
  }
  console.log(
    `| pattern | matching lines | \`rg -n\` | \`cn grep\` compact, every line | ÷ | \`cn grep\` compact, default limit |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [pattern, ...flags] of patterns) {
    // rg exits 1 when nothing matches, like cn grep: the output is what counts.
    const rg = spawnSync('rg', ['-n', ...flags, '-g', SOURCE_GLOB, '-e', pattern, 'src'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    }).stdout;
    const all = cn('grep', pattern, 'src', ...flags, '--limit', '100000', '--format', 'compact');
    const cut = cn('grep', pattern, 'src', ...flags, '--format', 'compact');
    const lines = JSON.parse(
      cn('grep', pattern, 'src', ...flags, '--limit', '1', '--format', 'json').stdout,
    ).totalMatches;
    const [rgTokens, allTokens, cutTokens] = [rg, all.stdout, cut.stdout].map((text) => countTokens(text));
    const rgLines = rg.split('\n').filter(Boolean).length;
    const shown = `\`${pattern}\`${flags.length ? ` ${flags.join(' ')}` : ''}`;
    const matched = rgLines === lines ? `${lines}` : `${lines} (rg: ${rgLines})`;
    console.log(
      `| ${shown} | ${matched} | ${rgTokens.toLocaleString('en')} | ${allTokens.toLocaleString('en')} | ${(allTokens / rgTokens).toFixed(2)} | ${cutTokens.toLocaleString('en')} |`,
    );
  }
} finally {
  cn('stop');
  rmSync(root, { recursive: true, force: true });
}
