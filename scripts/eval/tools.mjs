// The tools the two strategies call, each call recorded with the tokens of what it printed: that
// output is what would land in an agent's context. Tokens are counted with the o200k_base BPE.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { CN_BIN } from '../bench/measure.mjs';

export class Transcript {
  constructor() {
    this.calls = 0;
    this.tokens = 0;
    this.commands = [];
  }

  record(command, output) {
    this.calls += 1;
    this.tokens += countTokens(output);
    this.commands.push(command);
    return output;
  }
}

const hasRipgrep = (() => {
  try {
    execFileSync('rg', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

export const SEARCH_TOOL = hasRipgrep ? 'rg' : 'grep';

/**
 * One search, as an agent types it: `rg -n -w NAME src` or `grep -rn -w NAME src`. `regex` turns on
 * extended regular expressions. Returns the hits parsed as { file, line, text }.
 */
export function search(transcript, root, pattern, { regex = false, word = true, directory }) {
  const where = directory ?? searchDirectory(root);
  const argv = hasRipgrep
    ? ['-n', '--no-heading', ...(word ? ['-w'] : []), ...(regex ? [] : ['-F']), '-e', pattern, where]
    : [
        '-rn',
        ...(word ? ['-w'] : []),
        ...(regex ? ['-E'] : ['-F']),
        '--exclude-dir=node_modules',
        '--exclude-dir=.git',
        '--exclude=.ts-search-daemon.json',
        '-e',
        pattern,
        where,
      ];
  const result = spawnSync(SEARCH_TOOL, argv, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const output = transcript.record(`${SEARCH_TOOL} ${argv.join(' ')}`, result.stdout);
  return output
    .split('\n')
    .map((line) => /^(?:\.\/)?([^:]+):(\d+):(.*)$/.exec(line))
    .filter(Boolean)
    .map((match) => ({ file: match[1], line: Number(match[2]), text: match[3] }));
}

/** Where an agent points its search: `src` when the project has one. */
export function searchDirectory(root) {
  return existsSync(path.join(root, 'src')) ? 'src' : '.';
}

/** A file read as an agent's Read tool shows it: numbered lines, `from` 1-based, `count` lines. */
export function readLines(transcript, root, file, from = 1, count = Infinity) {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  const first = Math.max(1, from);
  const last = Math.min(lines.length, first + count - 1);
  const shown = lines.slice(first - 1, last).map((text, index) => `${String(first + index).padStart(6)}\t${text}`);
  transcript.record(`read ${file}:${first}-${last}`, shown.join('\n'));
  return { lines, first, last };
}

/**
 * One cn call. The agent sees `agentFormat` (the leanest format cn offers); the answer is scored
 * from the JSON of the same request, which is not counted when it is a second, unseen call.
 */
export function cnCall(transcript, root, args, agentFormat) {
  const seen = runCn([...args, '--format', agentFormat], root);
  transcript.record(`cn ${args.join(' ')} --format ${agentFormat}`, seen.stdout);
  const json = agentFormat === 'json' ? seen : runCn([...args, '--format', 'json'], root);
  try {
    return JSON.parse(json.stdout);
  } catch {
    return undefined;
  }
}

export function runCn(args, root) {
  return spawnSync(process.execPath, [CN_BIN, ...args, '--root', root], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NODE_OPTIONS: '' },
  });
}

export const isCommentLine = (text) => /^\s*(?:\*|\/\/|\/\*)/.test(text);
