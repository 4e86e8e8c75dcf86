import type { ChangedLines } from '../ports/change-history.js';
import type { SourceText } from './source-text.js';

/**
 * Past this many inserted or deleted lines between the common start and end, the whole span between them counts as
 * changed: Myers' search costs O((N + M) · D) time and O(D²) memory, and a rewrite that large names every
 * declaration in it anyway.
 */
const MAX_EDITS = 2000;

/**
 * The lines of `after` that differ from `before`, as `git diff --unified=0` hunks give them: an insertion or a
 * replacement is its lines in `after`; lines only deleted after line n are the gap `{ n, n + 1 }`. Lines are the
 * compiler's (SourceText), compared without their terminators, so a file whose line ends git converts (CRLF in
 * the working tree, LF in the repository) is unchanged, and line numbers are those of the outline they are matched
 * against.
 */
export function changedLines(before: SourceText, after: SourceText): ChangedLines[] {
  return diffLines(linesOf(before), linesOf(after));
}

/** The same over arrays of lines (1-based results). */
export function diffLines(before: readonly string[], after: readonly string[]): ChangedLines[] {
  // Common lines at both ends first: most edits touch a few lines, and an insertion between equal lines (a new
  // function after another's closing brace) is placed as late as it can be, as git's diff places it.
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let beforeEnd = before.length;
  let afterEnd = after.length;
  while (beforeEnd > head && afterEnd > head && before[beforeEnd - 1] === after[afterEnd - 1]) {
    beforeEnd--;
    afterEnd--;
  }
  const middleBefore = before.slice(head, beforeEnd);
  const middleAfter = after.slice(head, afterEnd);
  if (middleBefore.length === 0 && middleAfter.length === 0) return [];
  const hunks = editHunks(middleBefore, middleAfter) ?? [{ before: 0, after: 0, afterCount: middleAfter.length }];
  return hunks.map(({ after: at, afterCount }) => {
    const start = head + at;
    return afterCount > 0 ? { start: start + 1, end: start + afterCount } : { start, end: start + 1 };
  });
}

/** One run of changed lines: where it starts on each side (0-based) and how many lines `after` has there. */
interface Hunk {
  before: number;
  after: number;
  afterCount: number;
}

/**
 * Myers' O(ND) shortest edit script (1986), with the furthest-reaching x of each diagonal kept per step to walk
 * back; undefined past MAX_EDITS.
 */
function editHunks(a: readonly string[], b: readonly string[]): Hunk[] | undefined {
  const n = a.length;
  const m = b.length;
  const limit = Math.min(n + m, MAX_EDITS);
  const offset = limit + 1;
  const furthest = new Int32Array(2 * limit + 3);
  // steps[d] holds furthest[k] for k = -d … d after step d.
  const steps: Int32Array[] = [];
  for (let d = 0; d <= limit; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && furthest[offset + k - 1] < furthest[offset + k + 1])
          ? furthest[offset + k + 1]
          : furthest[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      furthest[offset + k] = x;
      if (x >= n && y >= m) {
        steps.push(furthest.slice(offset - d, offset + d + 1));
        return hunksFrom(walkBack(steps, n, m));
      }
    }
    steps.push(furthest.slice(offset - d, offset + d + 1));
  }
  return undefined;
}

/** The edits from (0, 0) to (n, m), in order: a deletion of a[x] or an insertion of b[y]. */
function walkBack(steps: Int32Array[], n: number, m: number): Array<{ deleted: boolean; x: number; y: number }> {
  const edits: Array<{ deleted: boolean; x: number; y: number }> = [];
  let x = n;
  let y = m;
  for (let d = steps.length - 1; d > 0; d--) {
    const previous = steps[d - 1];
    const at = (k: number) => previous[k + d - 1];
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const previousK = down ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    // The edit leaves (previousX, previousY): an insertion of b[previousY] (down) or a deletion of a[previousX].
    edits.push({ deleted: !down, x: previousX, y: previousY });
    x = previousX;
    y = previousY;
  }
  return edits.reverse();
}

/** Adjacent edits as one hunk, as `--unified=0` joins them. */
function hunksFrom(edits: Array<{ deleted: boolean; x: number; y: number }>): Hunk[] {
  const hunks: Array<Hunk & { beforeEnd: number }> = [];
  for (const edit of edits) {
    const last = hunks[hunks.length - 1];
    const touches = last && last.beforeEnd === edit.x && last.after + last.afterCount === edit.y;
    const hunk = touches ? last : { before: edit.x, after: edit.y, afterCount: 0, beforeEnd: edit.x };
    if (!touches) hunks.push(hunk);
    if (edit.deleted) hunk.beforeEnd += 1;
    else hunk.afterCount += 1;
  }
  return hunks.map(({ before, after, afterCount }) => ({ before, after, afterCount }));
}

function linesOf(text: SourceText): string[] {
  return text.text.length === 0 ? [] : text.lineRange(1, text.lineCount);
}
