#!/usr/bin/env node
// How close --max-tokens' estimate (packages/core/src/output/token-estimate.ts) comes to a real tokenizer
// (gpt-tokenizer, o200k_base) over many answers: every command cn has, in every format it prints, for
// symbols and files picked from the project's own overview. Prints estimate/real per format and overall
// (min, median, max) and the answers furthest off. An estimate under the real count would let a cut answer
// overrun its budget; one far over wastes it.
//   node scripts/estimate-accuracy.mjs [--root dir] [--names 12] [--files 8] [--save answers.jsonl]
// --save writes every answer with its real count, to try another estimator on them without a daemon.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { estimateTokens } from '../packages/core/dist/output/token-estimate.js';
import { parseScriptArgs, wholeNumber } from './lib/cli-args.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseScriptArgs('estimate-accuracy', process.argv.slice(2), {
  root: { type: 'string', default: path.join(repo, 'examples/shop') },
  names: { type: 'string', default: '12' },
  files: { type: 'string', default: '8' },
  save: { type: 'string' },
});
const root = path.resolve(values.root);
const nameCount = wholeNumber('estimate-accuracy', '--names', values.names);
const fileCount = wholeNumber('estimate-accuracy', '--files', values.files);

/** The command's stdout, or '' when it found nothing or refused (some picks have no callers, no subtypes). */
function cn(...argv) {
  try {
    return execFileSync(process.execPath, [path.join(repo, 'packages/cli/bin/cn.cjs'), ...argv, '--root', root], {
      encoding: 'utf8',
      maxBuffer: 256 << 20,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    return error.stdout ?? '';
  }
}

const samples = [];
function sample(format, label, text) {
  if (text.trim() === '') return;
  samples.push({ format, label, real: countTokens(text), estimate: estimateTokens(text), text });
}
/** One question in each format it offers. */
function everyFormat(formats, ...argv) {
  for (const format of formats)
    sample(format, `cn ${argv.join(' ')} --format ${format}`, cn(...argv, '--format', format));
}

cn('start');
const overview = JSON.parse(cn('overview', '--max-tokens', '0'));
const symbols = overview.files.flatMap((file) => file.symbols).sort((a, b) => b.importedBy - a.importedBy);
const names = [...new Set(symbols.map((symbol) => symbol.name))].slice(0, nameCount);
const files = overview.files.map((file) => file.filePath).slice(0, fileCount);
const kindOf = new Map(symbols.map((symbol) => [symbol.name, symbol.kind]));

const listFormats = ['json', 'text', 'compact', 'ids'];
const graphFormats = [...listFormats, 'tree'];
everyFormat(listFormats, 'overview');
everyFormat(listFormats, 'overview', '--max-tokens', '500');
for (const name of names) {
  everyFormat([...listFormats, 'files'], 'find', name);
  everyFormat(listFormats, 'find', name, '--no-refs', '--snippet', 'fold');
  everyFormat(listFormats, 'find', name, '--group', 'file');
  everyFormat(listFormats, 'find', name, '--max-tokens', '300');
  everyFormat(listFormats, 'type', name);
  everyFormat(graphFormats, 'impact', name);
  if (['Function', 'Method', 'Class', 'Variable', 'Constant'].includes(kindOf.get(name)))
    everyFormat(graphFormats, 'calls', name, '--depth', '2');
  if (['Class', 'Interface'].includes(kindOf.get(name))) everyFormat(graphFormats, 'impl', name);
}
for (const file of files) {
  everyFormat(listFormats, 'map', file);
  everyFormat(listFormats, 'map', file, '--snippet', 'fold');
  everyFormat(listFormats, 'map', file, '--max-tokens', '200');
  everyFormat(graphFormats, 'deps', file, '--direction', 'both');
  everyFormat(listFormats, 'unused', file);
  const ids = cn('map', file, '--format', 'ids').split('\n').filter(Boolean).slice(0, 3);
  if (ids.length > 0) everyFormat(listFormats, 'inspect', ...ids);
}
cn('stop');
if (values.save) writeFileSync(values.save, samples.map((entry) => JSON.stringify(entry)).join('\n'));

const ratio = (entry) => entry.estimate / entry.real;
function summary(entries) {
  const ratios = entries.map(ratio).sort((a, b) => a - b);
  const real = entries.reduce((sum, entry) => sum + entry.real, 0);
  const estimate = entries.reduce((sum, entry) => sum + entry.estimate, 0);
  const median = ratios[Math.floor(ratios.length / 2)];
  return `| ${entries.length} | ${ratios[0].toFixed(2)} | ${median.toFixed(2)} | ${ratios.at(-1).toFixed(2)} | ${(estimate / real).toFixed(2)} |`;
}
console.log(`root ${root}; ${samples.length} answers of ${names.length} names and ${files.length} files\n`);
console.log('| format | answers | min estimate/real | median | max | all tokens |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const format of ['json', 'text', 'compact', 'ids', 'tree', 'files']) {
  const entries = samples.filter((entry) => entry.format === format);
  if (entries.length > 0) console.log(`| ${format} ${summary(entries)}`);
}
console.log(`| all ${summary(samples)}`);
const sorted = [...samples].sort((a, b) => ratio(a) - ratio(b));
console.log('\nfurthest under and over:');
for (const entry of [...sorted.slice(0, 3), ...sorted.slice(-3)])
  console.log(`  ${ratio(entry).toFixed(2)}  ${entry.real} real, ${entry.estimate} estimated  ${entry.label}`);
