import { lstatSync, readdirSync, realpathSync, rmdirSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The language server gives each tsserver it spawns `--cancellationPipeName $TMPDIR/<32 hex>/tscancellation*`
// and never removes that directory: one more empty directory in the temp dir per tsserver, forever.
const PIPE_ARGUMENT = /--cancellationPipeName (.+)[\\/]tscancellation\*/;
const DIRECTORY_NAME = /^[0-9a-f]{32}$/;
const PIPE_FILE = /^tscancellation\d*$/;

/**
 * The cancellation directory named on a tsserver command line, if it has the language server's shape and
 * place.
 */
export function cancellationDirectoryOf(command: string): string | undefined {
  const match = PIPE_ARGUMENT.exec(command);
  if (!match) return undefined;
  const directory = path.resolve(match[1]);
  if (!DIRECTORY_NAME.test(path.basename(directory))) return undefined;
  const parent = path.dirname(directory);
  return parent === os.tmpdir() || parent === realTempDirectory() ? directory : undefined;
}

/**
 * Removes the directory and the cancellation files in it, once its tsserver is gone. Only what is ours and
 * looks like the language server's: a real directory (no symlink) we own, holding only `tscancellation<n>`
 * files; anything else there stays, and so does the directory.
 */
export function removeCancellationDirectory(directory: string): void {
  try {
    const stats = lstatSync(directory);
    if (!stats.isDirectory() || (process.getuid && stats.uid !== process.getuid())) return;
    for (const name of readdirSync(directory)) {
      const file = path.join(directory, name);
      if (PIPE_FILE.test(name) && lstatSync(file).isFile()) unlinkSync(file);
    }
    rmdirSync(directory);
  } catch {
    // Already gone, or not empty: nothing more to do.
  }
}

let realTemp: string | undefined;
function realTempDirectory(): string {
  try {
    realTemp ??= realpathSync(os.tmpdir());
  } catch {
    realTemp = os.tmpdir();
  }
  return realTemp;
}
