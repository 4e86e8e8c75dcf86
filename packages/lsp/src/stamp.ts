import type { BigIntStats } from 'node:fs';

/**
 * One version of a file's content, told without reading it. mtime and size alone are fooled by a
 * same-size edit that keeps the mtime (`cp -p`, `rsync -t`, `touch -r`); the ctime cannot be set
 * from user space and moves with every write or metadata change, and a file replaced by a rename
 * has another inode. Nanoseconds, so two edits in the same millisecond still differ.
 */
export type FileStamp = string;

/** The stamp of a stat: the one it carries when it was kept with it (question-stats.ts), else made now. */
export function stampOf(
  stats: Pick<BigIntStats, 'size' | 'mtimeNs' | 'ctimeNs' | 'ino' | 'dev'> & { readonly stamp?: FileStamp },
): FileStamp {
  return stats.stamp ?? `${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}:${stats.ino}:${stats.dev}`;
}
