#!/usr/bin/env node
// Issue 26's measurement: cn rename against the compiler on real repositories. For each target (a file, line, column
// and new name), on a fresh copy of the corpus (the original is never edited):
//   1. tsc --noEmit's error count on the projects that own the file, before;
//   2. the truth: the LanguageService's findRenameLocations over those projects (scripts/rename-check/truth.mjs);
//   3. per engine: `cn rename <file>::<line>::<col> <newName> --format json` (the built CLI, a daemon of its own in a
//      private state directory), its edits compared with the truth (file, range, new text), then
//      `cn rename … --apply --if-unchanged <fingerprint>` and tsc's error count again: it must be the same.
// One table row per target and engine; exit 1 when any row differs or changes the error count, 2 on a bad command line.
//
//   node scripts/rename-check.mjs --targets scripts/rename-check/rxjs.json [--engine tsserver,native] [--only 1,3]
//   node scripts/rename-check.mjs --corpus <dir> --tsconfig tsconfig.json --target src/a.ts:12:14:newName [--target …]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commaList, parseScriptArgs, usageError } from './lib/cli-args.mjs';
import { owningProjects, placeKey, renameLocations, tscErrors } from './rename-check/truth.mjs';

const SCRIPT = 'rename-check';
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CN_BIN = path.join(REPO, 'packages/cli/bin/cn.cjs');
const TSC = path.join(REPO, 'node_modules/typescript/bin/tsc');
const USAGE =
  'usage: rename-check.mjs --targets <file.json> | --corpus <dir> --tsconfig <path> --target <file:line:col:newName>… [--engine tsserver,native] [--only 1,2] [--show 10]';
const HELP = `${USAGE}

Compares cn rename with TypeScript's LanguageService (findRenameLocations) and checks that tsc --noEmit's error count
is the same after cn rename --apply. Each target runs on its own copy of the corpus; the corpus is never edited.
--targets: a JSON file { "corpus": "<dir, ~ allowed>", "tsconfig": "<path in the corpus, or a list>", "loose": [<directories
  without a tsconfig, checked as inferred projects>], "targets": [{ "what": "…",
  "file": "src/a.ts", "line": 12, "column": 14, "newName": "b" }] } (scripts/rename-check/*.json).
--engine: the engines cn runs with (default tsserver,native). --only: the targets to run, 1-based. --show: differing
edits printed per row (default 10).`;

const { values } = parseScriptArgs(
  SCRIPT,
  process.argv.slice(2),
  {
    targets: { type: 'string' },
    corpus: { type: 'string' },
    tsconfig: { type: 'string' },
    target: { type: 'string', multiple: true },
    engine: { type: 'string', default: 'tsserver,native' },
    only: { type: 'string' },
    show: { type: 'string', default: '10' },
    help: { type: 'boolean', short: 'h' },
  },
  { usage: USAGE },
);
if (values.help) {
  process.stdout.write(`${HELP}\n`);
  process.exit(0);
}
const plan = readPlan();
const engines = commaList(values.engine);
for (const engine of engines)
  if (engine !== 'tsserver' && engine !== 'native')
    usageError(SCRIPT, `--engine takes tsserver and/or native, not '${engine}'`);
if (!fs.existsSync(CN_BIN)) usageError(SCRIPT, `no built cn at ${CN_BIN} (run npm run build)`);
const only = commaList(values.only)?.map(Number);
const show = Number(values.show);

const rows = [];
for (const [index, target] of plan.targets.entries()) {
  if (only && !only.includes(index + 1)) continue;
  try {
    rows.push(...checkTarget(target));
  } catch (error) {
    // The truth could not be computed (the LanguageService refuses the place, a tsconfig does not parse): one line.
    process.stderr.write(`${SCRIPT}: ${target.file}:${target.line}:${target.column}: ${error.message}\n`);
    process.exit(1);
  }
}
printTable(rows);
process.exit(rows.every((row) => row.ok) ? 0 : 1);

function readPlan() {
  const home = (text) => text.replace(/^~(?=\/|$)/, os.homedir());
  if (values.targets) {
    if (values.corpus || values.target)
      usageError(SCRIPT, `give --targets, or --corpus with --target, not both; ${USAGE}`);
    let plan;
    try {
      plan = JSON.parse(fs.readFileSync(values.targets, 'utf8'));
    } catch (error) {
      usageError(SCRIPT, `cannot read ${values.targets}: ${error.message}`);
    }
    if (!plan.corpus || !plan.tsconfig || !Array.isArray(plan.targets))
      usageError(SCRIPT, `${values.targets} needs corpus, tsconfig and targets`);
    return checkedPlan({ ...plan, corpus: path.resolve(home(plan.corpus)) });
  }
  if (!values.corpus || !values.tsconfig || !values.target)
    usageError(SCRIPT, `give --targets, or --corpus, --tsconfig and --target; ${USAGE}`);
  const targets = values.target.map((text) => {
    const match = /^(.+):(\d+):(\d+):([^:]+)$/.exec(text);
    if (!match) usageError(SCRIPT, `--target takes file:line:column:newName, not '${text}'`);
    return { what: '', file: match[1], line: Number(match[2]), column: Number(match[3]), newName: match[4] };
  });
  return checkedPlan({ corpus: path.resolve(home(values.corpus)), tsconfig: values.tsconfig, targets });
}

function checkedPlan(plan) {
  if (!fs.statSync(plan.corpus, { throwIfNoEntry: false })?.isDirectory())
    usageError(SCRIPT, `no corpus directory ${plan.corpus}`);
  for (const tsconfig of [plan.tsconfig].flat())
    if (!fs.existsSync(path.join(plan.corpus, tsconfig))) usageError(SCRIPT, `no ${tsconfig} in ${plan.corpus}`);
  for (const target of plan.targets) {
    if (!fs.existsSync(path.join(plan.corpus, target.file))) usageError(SCRIPT, `no ${target.file} in ${plan.corpus}`);
    if (!(target.line >= 1 && target.column >= 1 && /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(target.newName ?? '')))
      usageError(SCRIPT, `target ${JSON.stringify(target)} needs a line and column ≥ 1 and an identifier newName`);
  }
  return plan;
}

/** One row per engine for one target, each on its own copy of the corpus. */
function checkTarget(target) {
  const label = `${target.what ? `${target.what}: ` : ''}${target.file}:${target.line}:${target.column} → ${target.newName}`;
  process.stderr.write(`${SCRIPT}: ${label}\n`);
  const pristine = copyCorpus();
  let truth, projects, before;
  try {
    const file = path.join(pristine, target.file);
    const owners = owningProjects(
      [plan.tsconfig].flat().map((each) => path.join(pristine, each)),
      (plan.loose ?? []).map((each) => path.join(pristine, each)),
      file,
    );
    if (owners.length === 0) usageError(SCRIPT, `no project of ${plan.tsconfig} holds ${target.file}`);
    truth = renameLocations(pristine, owners, file, target.line, target.column, target.newName);
    before = tscErrors(TSC, owners, run);
    projects = owners.filter((each) => typeof each === 'string').map((each) => path.relative(pristine, each));
  } finally {
    fs.rmSync(pristine, { recursive: true, force: true });
  }
  return engines.map((engine) => {
    const root = copyCorpus();
    const state = fs.mkdtempSync(path.join(os.tmpdir(), 'cn-rename-check-state-'));
    // A daemon of its own: its state directory (lock, log, record) is private to this run.
    const env = { ...process.env, XDG_RUNTIME_DIR: state, CN_ENGINE: engine, CN_IDLE_MINUTES: '5' };
    const cn = (args) =>
      JSON.parse(run(process.execPath, [CN_BIN, ...args, '--root', root, '--format', 'json'], env, true));
    try {
      const id = `${target.file}::${target.line}::${target.column}`;
      const started = Date.now();
      const preview = cn(['rename', id, target.newName]);
      const previewSeconds = (Date.now() - started) / 1000;
      const edits = cnEdits(preview);
      const difference = compare(edits, truth);
      const applied = cn(['rename', id, target.newName, '--apply', '--if-unchanged', preview.fingerprint]);
      const after = tscErrors(
        TSC,
        projects.map((each) => path.join(root, each)),
        run,
      );
      const ok = difference.length === 0 && before === after && applied.applied === true;
      return {
        label,
        engine,
        cnCount: edits.length,
        truthCount: truth.length,
        difference,
        before,
        after,
        previewSeconds,
        ok,
      };
    } catch (error) {
      return {
        label,
        engine,
        cnCount: '-',
        truthCount: truth.length,
        difference: [`failed: ${error.message.split('\n')[0]}`],
        before,
        after: '-',
        previewSeconds: 0,
        ok: false,
      };
    } finally {
      try {
        run(process.execPath, [CN_BIN, 'stop', '--root', root], env, true);
      } catch {
        // Nothing running: nothing to stop.
      }
      fs.rmSync(root, { recursive: true, force: true });
      fs.rmSync(state, { recursive: true, force: true });
    }
  });
}

function copyCorpus() {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'cn-rename-check-'));
  fs.cpSync(plan.corpus, copy, {
    recursive: true,
    filter: (source) => !['.git', '.ts-search-daemon.json'].includes(path.basename(source)),
  });
  return copy;
}

/** cn's answer as the truth's places: json lists each edit's id, old text and new text. */
function cnEdits(answer) {
  return answer.files.flatMap((file) =>
    file.lines.flatMap((line) =>
      line.edits.map((edit) => ({
        file: file.filePath,
        line: edit.line,
        character: edit.character,
        length: edit.oldText.length,
        newText: edit.newText,
      })),
    ),
  );
}

function compare(edits, truth) {
  const cnKeys = new Set(edits.map(placeKey));
  const truthKeys = new Set(truth.map(placeKey));
  return [
    ...[...cnKeys].filter((key) => !truthKeys.has(key)).map((key) => `cn only: ${key}`),
    ...[...truthKeys].filter((key) => !cnKeys.has(key)).map((key) => `truth only: ${key}`),
  ];
}

/** A child's stdout; tsc's errors are its output (exit 1 or 2), so only cn's failures throw. */
function run(command, args, env = process.env, throwOnFailure = false) {
  try {
    return execFileSync(command, args, {
      env,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    if (throwOnFailure)
      throw new Error(
        `${path.basename(args[0])} ${args.slice(1, 3).join(' ')}: exit ${error.status}: ${error.stderr?.trim() || error.message}`,
        { cause: error },
      );
    return error.stdout ?? '';
  }
}

function printTable(rows) {
  console.log('| target | engine | cn edits | truth edits | equal? | tsc errors before → after | preview (cold) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows)
    console.log(
      `| ${row.label} | ${row.engine} | ${row.cnCount} | ${row.truthCount} | ${row.difference.length === 0 ? 'yes' : 'NO'} | ${row.before} → ${row.after} | ${row.previewSeconds.toFixed(1)} s |`,
    );
  for (const row of rows.filter((each) => each.difference.length > 0)) {
    console.log(`\n${row.label} (${row.engine}):`);
    for (const line of row.difference.slice(0, show)) console.log(`  ${line}`);
    if (row.difference.length > show) console.log(`  … ${row.difference.length - show} more`);
  }
}
