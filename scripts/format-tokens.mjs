#!/usr/bin/env node
// Tokens each output format costs, counted with a real tokenizer (gpt-tokenizer, o200k_base — the
// GPT-4o/4.1/o-series vocabulary), next to cn's own estimate that --max-tokens uses
// (packages/core/src/output/token-estimate.ts). Prints a markdown table for the README.
//   node scripts/format-tokens.mjs [--root /tmp/rxjs-7.8.2] [--query Observable]
import { execFileSync, spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { estimateTokens } from '../packages/core/dist/output/token-estimate.js';
import { parseScriptArgs } from './lib/cli-args.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseScriptArgs('format-tokens', process.argv.slice(2), {
  root: { type: 'string', default: '/tmp/rxjs-7.8.2' },
  query: { type: 'string', default: 'Observable' },
});
const root = path.resolve(options.root);
const query = options.query;
const cn = (...argv) =>
  execFileSync(process.execPath, [path.join(repo, 'packages/cli/bin/cn.cjs'), ...argv, '--root', root], {
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  });

const rows = [];
const measure = (label, text) => {
  const tokens = countTokens(text);
  const estimate = estimateTokens(text);
  rows.push({ label, bytes: Buffer.byteLength(text), tokens, estimate });
};

cn('start');
// The same question three tools answer: where is `query` defined and used?
const rg = spawnSync('rg', ['-n', '-w', query, 'src'], { cwd: root, encoding: 'utf8', maxBuffer: 256 << 20 });
const grep = rg.error
  ? spawnSync('grep', ['-rnw', query, 'src'], { cwd: root, encoding: 'utf8', maxBuffer: 256 << 20 })
  : rg;
measure(`${rg.error ? 'grep -rnw' : 'rg -n -w'} ${query} src (text matches, not references)`, grep.stdout);
for (const format of ['json', 'text', 'compact', 'ids'])
  measure(`cn find ${query} --format ${format}`, cn('find', query, '--format', format));
measure(
  `cn find ${query} --no-refs --snippet fold --format compact`,
  cn('find', query, '--no-refs', '--snippet', 'fold', '--format', 'compact'),
);
measure(`cn find ${query} --no-refs --format json`, cn('find', query, '--no-refs'));
for (const budget of ['2000', '500']) {
  const text = cn('find', query, '--format', 'compact', '--max-tokens', budget);
  measure(
    `cn find ${query} --format compact --max-tokens ${budget} (${/^budget: (.+) to fit/m.exec(text)?.[1] ?? 'whole'})`,
    text,
  );
}
measure('cn overview --format compact (default --max-tokens 2000)', cn('overview', '--format', 'compact'));
measure('cn overview --format json (default --max-tokens 2000)', cn('overview'));

console.log(`root ${root}\n`);
console.log('| output | bytes | tokens (o200k) | cn estimate | estimate / real |');
console.log('|---|---:|---:|---:|---:|');
for (const row of rows)
  console.log(
    `| \`${row.label}\` | ${row.bytes.toLocaleString('en')} | ${row.tokens.toLocaleString('en')} | ${row.estimate.toLocaleString('en')} | ${(row.estimate / row.tokens).toFixed(2)} |`,
  );
