/**
 * Reads the language server log output for the deaths the language server itself survives: it logs when
 * tsserver exits or runs out of memory but keeps running without a tsserver, answering nothing useful.
 * Returns why the session must restart, or undefined when the line is harmless.
 */
export function classifyServerLog(line: string, maxTsServerMemory?: number): string | undefined {
  if (/heap out of memory|Allocation failed|ERR_WORKER_OUT_OF_MEMORY/i.test(line)) {
    const limit = maxTsServerMemory ? ` (limit ${maxTsServerMemory} MB)` : '';
    return `tsserver ran out of memory${limit}`;
  }
  if (
    /tsserver process has exited|Exited\. Code: |TSServer exited|server exited|tsserver process has failed to start/i.test(
      line,
    )
  ) {
    const exit = /Code: (\w+)\. Signal: (\w+)/.exec(line);
    if (exit) return exit[2] !== 'null' ? `tsserver was killed (${exit[2]})` : `tsserver exited with code ${exit[1]}`;
    return `tsserver exited: ${line
      .replace(/^(\[[^\]]*\]\s*)+/, '')
      .trim()
      .slice(0, 160)}`;
  }
  return undefined;
}
