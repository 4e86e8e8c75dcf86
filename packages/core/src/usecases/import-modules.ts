import { exportEntriesOf, importBindingsOf } from '../inspect/module-statements.js';
import type { LocationRefBuilder } from './location-refs.js';

/** A line that shows its module whole: `… from '…'`, `require('…')`, `import('…')` (a long line's preview is cut). */
export function namesModule(preview: string | undefined): boolean {
  return preview !== undefined && /(?:\bfrom\s*|\b(?:require|import)\s*\(\s*)(['"`])[^'"`]+\1/.test(preview);
}

/**
 * The module an import or `export { } from` statement names, by the line of one of its names: a name on a line of
 * `import {` spread over lines (`  raw,`) shows no module, and agents grepped `from '@mikro-orm/(sql|core)'` in the
 * files to learn whose `raw` each imported. Each file parsed once.
 */
export class ImportModules {
  private readonly byFile = new Map<string, Promise<Map<number, string>>>();

  constructor(private readonly builder: LocationRefBuilder) {}

  async at(filePath: string, line: number): Promise<string | undefined> {
    let lines = this.byFile.get(filePath);
    if (!lines) {
      lines = this.read(filePath);
      this.byFile.set(filePath, lines);
    }
    return (await lines).get(line);
  }

  private async read(filePath: string): Promise<Map<number, string>> {
    const text = await this.builder.text(filePath);
    const lines = new Map<number, string>();
    if (text === undefined) return lines;
    for (const { nameAt, from } of [...importBindingsOf(text), ...exportEntriesOf(text)])
      if (from !== undefined && !lines.has(nameAt.line)) lines.set(nameAt.line, from);
    return lines;
  }
}
