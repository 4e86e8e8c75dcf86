import { CnError } from '@cn/core';
import { reportFailure, timeoutFlag, type CommandHost } from '../run.js';
import { resolveProjectRoot } from '../project-root.js';

export function registerMcp({ cli }: CommandHost): void {
  cli
    .command('mcp', "MCP server on stdio for agents (Claude Code, Cursor, …), sharing the root's daemon with the CLI")
    .example('cn mcp --root examples/shop')
    // Not through host.run: the server lives until stdin closes and prints no outcome, and a bad
    // --root must reach the agent as a tool error rather than a server that died at launch.
    .action(() => serve(cli.options).catch(reportFailure));
}

async function serve(options: { root?: unknown; timeout?: unknown }): Promise<void> {
  const timeoutMs = timeoutFlag(options.timeout);
  let root: string | CnError;
  try {
    if (options.root !== undefined && typeof options.root !== 'string')
      throw new CnError('bad-input', '--root takes a directory');
    root = resolveProjectRoot(options.root, process.cwd());
  } catch (error) {
    if (!(error instanceof CnError)) throw error;
    root = error;
  }
  // Loaded only here, so the other commands never pay for the MCP SDK at start-up.
  const { runMcpServer } = await import('@cn/mcp');
  await runMcpServer({ root, timeoutMs });
}
