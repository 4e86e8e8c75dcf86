import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  constants,
  lchownSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeOutputFile } from '../src/format/output-file.js';

const OTHER_UID = 65534;
const isRoot = process.getuid?.() === 0;

/** What writing `text` to `target` did: 'written', or the error's message. */
function attempt(target: string, text = 'answer\n'): string {
  try {
    writeOutputFile(target, path.basename(target), text);
    return 'written';
  } catch (error) {
    return `${(error as { kind?: string }).kind}: ${(error as Error).message}`;
  }
}

describe('writing --output (issue 22, item 4)', () => {
  let dir: string;
  /** Like /tmp: anyone may create files in it. */
  let shared: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cn-output-'));
    shared = path.join(dir, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a file, and replaces an existing one of the user, as `>` does', () => {
    const target = path.join(dir, 'answer.json');
    expect(attempt(target, 'first and longer\n')).toBe('written');
    expect(attempt(target, 'second\n')).toBe('written');
    expect(readFileSync(target, 'utf8')).toBe('second\n');
    expect(attempt(path.join(shared, 'mine.json'))).toBe('written');
  });

  it("follows the user's own symbolic link, and writes the file it leads to", () => {
    const real = path.join(dir, 'build.json');
    writeFileSync(real, 'old\n');
    symlinkSync(real, path.join(dir, 'out.json'));
    expect(attempt(path.join(dir, 'out.json'))).toBe('written');
    expect(readFileSync(real, 'utf8')).toBe('answer\n');
  });

  // Was a write that never returned: open(2) of a FIFO for writing waits for a reader.
  it('refuses a FIFO at once, with or without a reader, and writes nothing into it', () => {
    const fifo = path.join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    expect(attempt(fifo)).toBe('io: cannot write fifo: it is a FIFO or a socket, not a regular file');
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      expect(attempt(fifo)).toBe('io: cannot write fifo: it is a FIFO, not a regular file');
    } finally {
      closeSync(reader);
    }
  });

  it('refuses a device and a directory', () => {
    expect(attempt('/dev/null')).toBe('io: cannot write null: it is a device, not a regular file');
    expect(attempt(dir)).toMatch(/^io: cannot write .*: EISDIR$/);
  });

  describe.skipIf(!isRoot)('files another user could plant (made here as root, chowned to uid 65534)', () => {
    it("never follows another user's symbolic link, in any directory", () => {
      const victim = path.join(dir, 'victim-profile');
      writeFileSync(victim, '# the victim shell start-up\n');
      for (const where of [shared, dir]) {
        const link = path.join(where, `theirs-${path.basename(where)}.json`);
        symlinkSync(victim, link);
        lchownSync(link, OTHER_UID, OTHER_UID);
        expect(attempt(link)).toMatch(
          /^io: cannot write theirs-.*\.json: it is a symbolic link of uid 65534, not yours$/,
        );
      }
      expect(readFileSync(victim, 'utf8')).toBe('# the victim shell start-up\n');
    });

    it("in a directory anyone can write, refuses another user's file and a file with other names", () => {
      const theirs = path.join(shared, 'theirs.json');
      writeFileSync(theirs, 'planted\n', { mode: 0o666 });
      lchownSync(theirs, OTHER_UID, OTHER_UID);
      expect(attempt(theirs)).toMatch(
        /^io: cannot write theirs\.json: it is uid 65534's file in .*, which anyone can write$/,
      );
      expect(readFileSync(theirs, 'utf8')).toBe('planted\n');
      const victim = path.join(dir, 'victim');
      writeFileSync(victim, 'keep\n');
      linkSync(victim, path.join(shared, 'linked.json'));
      expect(attempt(path.join(shared, 'linked.json'))).toMatch(
        /it has 2 names \(hard links\) in .*, which anyone can write$/,
      );
      expect(readFileSync(victim, 'utf8')).toBe('keep\n');
      // Elsewhere a file the user may write is theirs to overwrite, whoever owns it.
      const elsewhere = path.join(dir, 'shared-with-me.json');
      writeFileSync(elsewhere, '', { mode: 0o666 });
      lchownSync(elsewhere, OTHER_UID, OTHER_UID);
      expect(attempt(elsewhere)).toBe('written');
      expect(statSync(elsewhere).uid).toBe(OTHER_UID);
    });
  });
});
