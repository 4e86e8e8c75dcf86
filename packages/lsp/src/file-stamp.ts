import type { BigIntStats } from 'node:fs';
import { stat } from 'node:fs/promises';

/**
 * One version of a file's content, told without reading it. mtime and size alone are fooled by a
 * same-size edit that keeps the mtime (`cp -p`, `rsync -t`, `touch -r`); the ctime cannot be set
 * from user space and moves with every write or metadata change, and a file replaced by a rename
 * has another inode. Nanoseconds, so two edits in the same millisecond still differ.
 */
export type FileStamp = string;

export function stampOf(stats: BigIntStats): FileStamp {
  return `${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}:${stats.ino}:${stats.dev}`;
}

/** The file's stats (bigint) and stamp, or undefined when nothing is at that path. */
export async function statWithStamp(filePath: string): Promise<{ stats: BigIntStats; stamp: FileStamp } | undefined> {
  const stats = await stat(filePath, { bigint: true }).catch(() => undefined);
  return stats && { stats, stamp: stampOf(stats) };
}
