import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LanguageServerSession } from './language-server-session.js';

/**
 * The options the native server gives its inferred project (the project of open files no config claims), so that a
 * loose file reads the same in cn's project of them; noEmit because allowImportingTsExtensions asks for it.
 */
const INFERRED_PROJECT_OPTIONS = {
  allowJs: true,
  module: 'esnext',
  moduleResolution: 'bundler',
  target: 'es2022',
  jsx: 'react-jsx',
  allowImportingTsExtensions: true,
  strictNullChecks: true,
  strictFunctionTypes: true,
  esModuleInterop: true,
  resolveJsonModule: true,
  noEmit: true,
};

/** The project's one opened file: the server loads a project for an open file, from the config beside it. */
const ANCHOR_TEXT =
  "// The open file of cn's project of loose files: the server loads the tsconfig beside it.\nexport {};\n";

interface Generation {
  directory: string;
  anchor: string;
  files: readonly string[];
}

/** Per session: how many generations it has written (each its own directory), and the one the server has now. */
const state = new WeakMap<LanguageServerSession, { written: number; current?: Generation }>();

/**
 * The loose files (under the root, outside every config) as one configured project of cn's own, written in the
 * session's private directory: a tsconfig naming them by absolute path, and one open file beside it. The native
 * server opens a loose file into its inferred project one didOpen at a time, and each open costs time in proportion
 * to the projects loaded (102 projects: ~250 ms an open, 608 loose files 154 s, the projects themselves 12 s); one
 * config naming them all loads in ~250 ms, and the server answers for each of them from it. (A name that is not
 * UTF-8, which a JSON config could not spell, is never a loose file: project-layout.ts.) A change of the files writes
 * a new generation in a new directory, opens its anchor, then lets the old one go: the server reads a config once.
 */
export async function openLooseProject(session: LanguageServerSession, files: readonly string[]): Promise<void> {
  const known = state.get(session) ?? { written: 0 };
  state.set(session, known);
  const before = known.current;
  if (before ? sameList(before.files, files) : files.length === 0) return;
  let next: Generation | undefined;
  if (files.length > 0) {
    known.written += 1;
    const directory = path.join(session.privateDirectory, `loose-project-${known.written}`);
    next = { directory, anchor: path.join(directory, 'loose-files.ts'), files };
    write(next, session.root);
    await session.documents.sync(next.anchor, true).catch(() => undefined);
  }
  if (before) {
    await session.documents.release(before.anchor);
    rmSync(before.directory, { recursive: true, force: true });
  }
  known.current = next;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * Written with exclusive flags in a directory made for it (inside the session's private directory, 0700): nothing
 * there is anyone else's to replace. `typeRoots`: the node_modules/@types of the root and its ancestors, which a
 * config of its own would otherwise look for from the private directory.
 */
function write(generation: Generation, root: string): void {
  mkdirSync(generation.directory, { mode: 0o700 });
  const config = {
    compilerOptions: { ...INFERRED_PROJECT_OPTIONS, typeRoots: typeRootsFrom(root) },
    files: [generation.anchor, ...generation.files],
  };
  writeFileSync(path.join(generation.directory, 'tsconfig.json'), `${JSON.stringify(config)}\n`, {
    flag: 'wx',
    mode: 0o600,
  });
  writeFileSync(generation.anchor, ANCHOR_TEXT, { flag: 'wx', mode: 0o600 });
}

function typeRootsFrom(root: string): string[] {
  const roots: string[] = [];
  for (let directory = root; ; directory = path.dirname(directory)) {
    roots.push(path.join(directory, 'node_modules', '@types'));
    if (path.dirname(directory) === directory) return roots;
  }
}
