import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { decodeSourceBytes } from '@cn/core';

/**
 * The largest tsconfig/jsconfig/package.json cn reads (or lets an engine read): real ones are a few KB, and the
 * compiler reads a config whole into one string (a 400 MB one would cost gigabytes).
 */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/** Why a config file is not read: said after its path ("… is not a regular file"). */
export class ConfigRefusal extends Error {}

/**
 * A config or manifest file's text, read only if it is a regular file (symlinks followed: a shared base config may
 * be one) of at most MAX_CONFIG_BYTES, decoded as the compiler decodes it. Opened with O_NONBLOCK, so a FIFO
 * cannot hold the open, and checked by fstat on that descriptor: `/dev/zero`, `/dev/urandom`, a FIFO or a
 * directory is refused before a byte is read, never read until memory or time runs out.
 */
export function readConfigFile(file: string): string {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new ConfigRefusal(`cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new ConfigRefusal('is not a regular file');
    if (stats.size > MAX_CONFIG_BYTES)
      throw new ConfigRefusal(`is larger than ${MAX_CONFIG_BYTES} bytes (${stats.size})`);
    // One byte more than fstat said: a file that grows while it is read is refused too.
    const buffer = Buffer.alloc(stats.size + 1);
    let length = 0;
    for (let read = 1; read > 0 && length < buffer.length; length += read)
      read = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > stats.size) throw new ConfigRefusal('grew while it was read');
    return decodeSourceBytes(buffer.subarray(0, length));
  } finally {
    closeSync(fd);
  }
}

/** The text, or undefined for a file that is missing or refused: a compiler host's `readFile`. */
export function readConfigFileQuietly(file: string): string | undefined {
  try {
    return readConfigFile(file);
  } catch {
    return undefined;
  }
}
