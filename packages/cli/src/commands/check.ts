// fs.promises, read where used: node:fs/promises (and the readline it loads) was loaded at every cn call's start.
import { promises as fsPromises } from 'node:fs';
import * as path from 'node:path';
import { CnError, MAX_REQUEST_BYTES, checkRequestBodySize } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { printAnswer } from '../format/output.js';
import type { CommandHost, Context } from '../run.js';
import { readStdinBytes } from '../stdin-ids.js';
import { userFile } from '../user-paths.js';
import { withAnswerOptions, type SharedFlags } from './agent-options.js';

interface CheckFlags extends SharedFlags {
  contentFile?: string;
}

const HOW = 'pass the new text on stdin with -, or --content-file <path>';

export function registerCheck({ cli, run }: CommandHost): void {
  // A few diagnostics: nothing to --limit or shrink.
  withAnswerOptions(
    cli
      .command(
        'check <file> [stdin]',
        "An edit's diagnostics before it is written: <file> with the text on stdin (-), for it and its direct importers, each new or already there; writes nothing (exit 0 when no new error, 1 when new errors)",
      )
      .option('--content-file <path>', 'Read the new text from this file instead of stdin'),
    {},
  )
    .example(
      "sed 's/const units = /const units: string = /' src/domain/money.ts | cn check src/domain/money.ts - --format text",
    )
    .example(
      'git show HEAD:./src/domain/money.ts > /tmp/money.ts && cn check src/domain/money.ts --content-file /tmp/money.ts   # the committed text',
    )
    .action((file: string, stdin: string | undefined, flags: CheckFlags) =>
      run(async (context) => {
        const content = await newText(context, stdin, flags.contentFile);
        const body = requestBody('check', { file: userFile(context, file), content });
        // Refused here in the daemon's words rather than as the EPIPE of a 413 mid-body.
        checkRequestBodySize(body);
        const response = await daemonCall(context, 'check', body);
        return printAnswer(context, 'check', response, {
          exitCode: response.newErrors > 0 ? EXIT.nothingFound : EXIT.ok,
          output: flags.output,
        });
      }),
    );
}

/** The new text: stdin (`-`) or --content-file, exactly one; refused unless it is UTF-8 text of a bounded size. */
async function newText(context: Context, stdin: string | undefined, contentFile: string | undefined): Promise<string> {
  if (stdin !== undefined && stdin !== '-') throw new CnError('bad-input', `unexpected argument: ${stdin}`, HOW);
  if ((stdin === '-') === (contentFile !== undefined))
    throw new CnError('bad-input', stdin === '-' ? 'both stdin (-) and --content-file given' : 'no new text', HOW);
  const bytes = contentFile === undefined ? await readStdinBytes() : await readBounded(context, contentFile);
  if (bytes.length > MAX_REQUEST_BYTES)
    throw new CnError(
      'bad-input',
      `the content is over ${MAX_REQUEST_BYTES / 1024} KB, the most one request to the daemon may be`,
      'check a smaller file, or save the edit and run cn diagnostics',
    );
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CnError('bad-input', 'the content is not UTF-8 text', 'pass the source text of the file');
  }
  if (text.includes('\u0000')) throw new CnError('bad-input', 'the content is binary (it holds a NUL byte)', HOW);
  return text;
}

/** At most one byte past the cap is read: a huge file (or a device) is refused without being read whole. */
async function readBounded(context: Context, contentFile: string): Promise<Buffer> {
  const file = path.resolve(context.cwd, contentFile);
  const handle = await fsPromises.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new CnError('bad-input', `--content-file cannot be read: ${error.code ?? error.message}`, HOW);
  });
  try {
    const buffer = Buffer.alloc(MAX_REQUEST_BYTES + 1);
    let size = 0;
    while (size < buffer.length) {
      const { bytesRead } = await handle.read(buffer, size, buffer.length - size);
      if (bytesRead === 0) break;
      size += bytesRead;
    }
    return buffer.subarray(0, size);
  } catch (error) {
    throw new CnError('bad-input', `--content-file cannot be read: ${(error as NodeJS.ErrnoException).code}`, HOW);
  } finally {
    await handle.close();
  }
}
