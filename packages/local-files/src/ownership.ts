import type { Stats } from 'node:fs';

/** This process's uid; undefined where the platform has none (Windows), where ownership is not checked. */
export function currentUid(): number | undefined {
  return process.getuid?.();
}

export function ownedByUs(stat: Stats): boolean {
  const uid = currentUid();
  return uid === undefined || stat.uid === uid;
}
