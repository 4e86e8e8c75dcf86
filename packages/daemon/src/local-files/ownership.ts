import { readFileSync, type Stats } from 'node:fs';
import { printable } from '@cn/core';

/** This process's uid; undefined where the platform has none (Windows), where ownership is not checked. */
export function currentUid(): number | undefined {
  return process.getuid?.();
}

export function ownedByUs(stat: Stats): boolean {
  const uid = currentUid();
  return uid === undefined || stat.uid === uid;
}

/** "user alice (uid 1001)": read from /etc/passwd, only on the error path, escaped because it is not ours. */
export function describeUser(uid: number): string {
  let name: string | undefined;
  try {
    const entry = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .map((line) => line.split(':'))
      .find((fields) => fields[2] === String(uid));
    name = entry?.[0];
  } catch {
    // No passwd file (containers, other systems): the uid alone identifies the owner.
  }
  return name ? `user ${printable(name, 64)} (uid ${uid})` : `uid ${uid}`;
}
