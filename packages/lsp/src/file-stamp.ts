import { MissingPath } from '@cn/core';
import { questionStat, type FileStat } from './question-stats.js';
import { readRegularFileSync, type RegularFileRead } from './regular-file.js';
import { stampOf, type FileStamp } from './stamp.js';

export { stampOf, type FileStamp } from './stamp.js';

/**
 * The file's stats (bigint) and stamp, or undefined when nothing is at that path. A synchronous stat, shared by the
 * readers of the questions in flight (question-stats.ts): the open documents and the line tables are checked this way
 * on every question (hundreds of files), and through fs/promises each cost several times the stat.
 */
export async function statWithStamp(filePath: string): Promise<{ stats: FileStat; stamp: FileStamp } | undefined> {
  const stats = questionStat(filePath);
  return stats && { stats, stamp: stampOf(stats) };
}

/**
 * The file's bytes. A file deleted between its listing (or stat) and this read is a MissingPath, as one a stat did not
 * find, so an answer over many files can skip it (cn unused) instead of failing with a raw ENOENT.
 */
export async function readFileBytes(filePath: string): Promise<Buffer> {
  let found: RegularFileRead;
  try {
    found = readRegularFileSync(filePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new MissingPath(filePath, 'the file was deleted while cn read it');
    throw error;
  }
  if (found.kind !== 'file') throw new Error(`not a regular file: ${filePath}`);
  return found.bytes;
}
