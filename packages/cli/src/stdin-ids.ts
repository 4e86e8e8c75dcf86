import { CnError } from '@cn/core';

const MAX_STDIN_BYTES = 16 * 1024 * 1024;

/**
 * Everything on stdin (a pipe or a file), refusing absurd amounts rather than filling memory. With
 * `firstByteWithinMs`, a stdin that stays silent that long counts as empty: `cn inspect` without ids
 * reads stdin only because it is not a terminal, and an agent harness may hold such a pipe open
 * forever — that must end in a clear error, never a hang. `cn inspect -` waits as long as it takes.
 */
export async function readStdin(firstByteWithinMs?: number): Promise<string> {
  return (await readStdinBytes(firstByteWithinMs)).toString('utf8');
}

/** readStdin's bytes as they came, for a reader that must refuse what is not UTF-8 (cn check). */
export function readStdinBytes(firstByteWithinMs?: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const silence = firstByteWithinMs === undefined ? undefined : setTimeout(() => finish(), firstByteWithinMs);
    const finish = (error?: Error) => {
      clearTimeout(silence);
      process.stdin.off('data', onData).off('end', onEnd).off('error', finish);
      process.stdin.pause();
      process.stdin.unref?.();
      if (error) reject(error);
      else resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      clearTimeout(silence);
      size += chunk.length;
      if (size > MAX_STDIN_BYTES)
        return finish(
          new CnError(
            'bad-input',
            `stdin is larger than ${MAX_STDIN_BYTES / 1024 / 1024} MB`,
            'pass ids, one per line',
          ),
        );
      chunks.push(chunk);
    };
    const onEnd = () => finish();
    process.stdin.on('data', onData).on('end', onEnd).on('error', finish);
  });
}

/**
 * One target per line: cn ids (`path::line::char`, `ref::…`), `path:line[:col]`, whole `rg -n`
 * / `rg --vimgrep` lines (`path:line:col:text`), tsc lines (`path(line,col): error …`, `path:line:col - error …`).
 * Each is reduced to what names the place, so trailing text never spoils the column. `rg -n` given one file prints
 * no file name (`590:    throw …`, `591-` for context): such a line names a place in `file` (`--file`), and
 * without one it is refused, once, rather than sent as a malformed id per line.
 */
export function idsFromLines(text: string, file?: string): string[] {
  const ids: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const numbered = NUMBERED_LINE.exec(raw);
    if (numbered && file === undefined)
      throw new CnError(
        'bad-input',
        `'${clipped(line)}' has a line number but no file`,
        'rg omits the file name when it searches one file: pass --file <path>, or run rg with -H',
      );
    ids.push(numbered ? `${file}:${numbered[1]}${numbered[2] ? `:${numbered[2]}` : ''}` : targetOf(line));
  }
  return ids;
}

/** `590:text`, `590-text` (a context line), `12:5:text` (`--column`): rg's lines when it prints no file name. */
const NUMBERED_LINE = /^(\d+)(?::(\d+))?[:-]/;

function clipped(line: string): string {
  return line.length > 60 ? `${line.slice(0, 60)}…` : line;
}

function targetOf(line: string): string {
  // cn's own ids may hold spaces in the path; whatever follows the position is dropped.
  const cnId = /^(.*?::\d+(?:::\d+)?)(?=$|\s)/.exec(line);
  if (cnId) return cnId[1];
  const tsc = /^(.+?)\((\d+),(\d+)\)/.exec(line);
  if (tsc) return `${tsc[1]}:${tsc[2]}:${tsc[3]}`;
  const colon = /^(.+?):(\d+)(?::(\d+))?(?=$|[:\s-])/.exec(line);
  if (colon) return colon[3] ? `${colon[1]}:${colon[2]}:${colon[3]}` : `${colon[1]}:${colon[2]}`;
  // Not a place: passed on as it is, so the daemon reports it as a failure with the reason.
  return line;
}
