import { readFileSync } from 'node:fs';
import { printable } from '@cn/core';

// Apart from ownership.ts, which the `cn` launcher loads for its compile cache: a name needs @cn/core's escaping.

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
