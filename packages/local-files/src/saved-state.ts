import { readOwnBytes } from './own-file.js';

/**
 * A file of what a daemon computed, kept in the root's private state directory for the next one (the name index, the
 * search syntax): its JSON, or why it is not used. Read with the checks of readOwnFile (ours, a regular file, no
 * symlink, written by nobody else, at most `maxBytes`): what cn finds there is never trusted further than that, and
 * each reader checks the shape of what it parsed.
 */
export function readSavedState(file: string, maxBytes: number): { json: unknown } | { unused: string } {
  const read = readSavedBytes(file, maxBytes);
  if ('unused' in read) return read;
  try {
    return { json: JSON.parse(read.bytes.toString('utf8')) };
  } catch {
    return { unused: 'not JSON' };
  }
}

/** readSavedState's bytes, undecoded: for a reader that parses only the parts it is asked for. */
export function readSavedBytes(file: string, maxBytes: number): { bytes: Buffer } | { unused: string } {
  const read = readOwnBytes(file, maxBytes);
  if (read.kind === 'absent') return { unused: 'none saved yet' };
  if (read.kind === 'unusable') return { unused: 'unreadable, or writable by others' };
  if (read.kind === 'refused')
    return {
      unused: 'problem' in read.refusal ? `it ${read.refusal.problem}` : `another user's (${read.refusal.owner})`,
    };
  return { bytes: read.bytes };
}
