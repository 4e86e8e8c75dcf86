import { readOwnFile } from './own-file.js';

/**
 * A file of what a daemon computed, kept in the root's private state directory for the next one (the name index, the
 * search syntax): its JSON, or why it is not used. Read with the checks of readOwnFile (ours, a regular file, no
 * symlink, written by nobody else, at most `maxBytes`): what cn finds there is never trusted further than that, and
 * each reader checks the shape of what it parsed.
 */
export function readSavedState(file: string, maxBytes: number): { json: unknown } | { unused: string } {
  const read = readOwnFile(file, maxBytes);
  if (read.kind === 'absent') return { unused: 'none saved yet' };
  if (read.kind === 'unusable') return { unused: 'unreadable, or writable by others' };
  if (read.kind === 'refused')
    return {
      unused: 'problem' in read.refusal ? `it ${read.refusal.problem}` : `another user's (${read.refusal.owner})`,
    };
  try {
    return { json: JSON.parse(read.text) };
  } catch {
    return { unused: 'not JSON' };
  }
}
