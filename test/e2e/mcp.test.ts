import { readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { TOOLS_LIST_TOKEN_BUDGET, toolsListTokens } from '../../scripts/mcp-tools-tokens.mjs';
import { PORT_FILE, REPO, cleanUp, cn, copyProject, isAlive, json, readPortFile, waitFor } from '../helpers/cn.js';
import { startMcp, type McpSession } from '../helpers/mcp.js';

const TOOL_NAMES = ['cn_find', 'cn_inspect', 'cn_map', 'cn_status'];
/** Fields of a status answer that change from one call to the next. */
/** Status without what moves between two calls: uptime and memory. */
const stable = ({
  uptimeSeconds: _u,
  rssBytes: _r,
  treeRssBytes: _t,
  processes,
  ...rest
}: Record<string, unknown>) => ({
  ...rest,
  processes: (processes as Array<{ name: string }>).map((entry) => entry.name),
});

/** `cn mcp` as a real process, driven by the SDK's Client over stdio, against real daemons. */
describe('cn mcp', () => {
  let root: string;
  let mcp: McpSession;
  beforeAll(async () => {
    root = copyProject('examples/shop');
    // A port file left in examples/shop by someone's `cn` run is copied along; it is not ours.
    rmSync(path.join(root, PORT_FILE), { force: true });
    mcp = await startMcp(['--root', root]);
  });
  afterAll(async () => {
    await mcp?.client.close();
    await cleanUp(root);
  });

  it('initializes as cn and lists lean tools whose every argument is described', async () => {
    expect(mcp.client.getServerVersion()).toMatchObject({ name: 'cn' });
    expect(mcp.client.getInstructions()).toMatch(/cn_map/);
    // `format`'s default is said once, here, not on every tool.
    expect(mcp.client.getInstructions()).toMatch(/Answers are compact text/);
    const list = await mcp.client.listTools();
    expect(list.tools.map((tool) => tool.name).sort()).toEqual(expect.arrayContaining(TOOL_NAMES));
    for (const tool of list.tools) {
      expect(tool.name).toMatch(/^cn_[a-z]+$/);
      expect(tool.description?.length).toBeGreaterThan(20);
      // cn_rename writes when asked to apply; every other tool only reads.
      expect(tool.annotations?.readOnlyHint).toBe(tool.name !== 'cn_rename');
      for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        if (name === 'format') continue;
        expect((property as { description?: string }).description, `${tool.name}.${name}`).toBeTruthy();
      }
    }
    expect(toolsListTokens(list)).toBeLessThan(TOOLS_LIST_TOKEN_BUDGET);
  });

  it('offers every tool the CLI formats an agent can use, tree only for graphs, and declares no outputSchema', async () => {
    const { tools } = await mcp.client.listTools();
    const formats = Object.fromEntries(
      tools.map((tool) => [tool.name, (tool.inputSchema.properties?.format as { enum: string[] }).enum]),
    );
    for (const graph of ['cn_calls', 'cn_impact', 'cn_impl', 'cn_deps'])
      expect(formats[graph], graph).toEqual(['compact', 'json', 'ids', 'tree']);
    for (const list of ['cn_overview', 'cn_find', 'cn_inspect', 'cn_type', 'cn_diagnostics', 'cn_unused'])
      expect(formats[list], list).toEqual(['compact', 'json', 'ids']);
    expect(formats.cn_map).toEqual(['compact', 'json', 'ids', 'names']);
    expect(formats.cn_status).toEqual(['compact', 'json']);
    // Declared, it would oblige every result to carry structuredContent (the spec; the SDK's client checks).
    for (const tool of tools) expect(tool.outputSchema, tool.name).toBeUndefined();
    // A rename's edits are its answer, a check's few diagnostics too: nothing to cut to a budget.
    const uncut = ['cn_status', 'cn_rename', 'cn_check'];
    for (const tool of tools.filter((tool) => !uncut.includes(tool.name)))
      expect(Object.keys(tool.inputSchema.properties ?? {}), tool.name).toContain('maxTokens');
  });

  it('serves cn guide as a resource and a prompt', async () => {
    const { resources } = await mcp.client.listResources();
    expect(resources).toEqual([expect.objectContaining({ uri: 'cn://guide', mimeType: 'text/markdown' })]);
    const read = await mcp.client.readResource({ uri: 'cn://guide' });
    const guide = (await cn(['guide'])).stdout.trim();
    expect((read.contents[0] as { text: string }).text).toContain(guide);
    expect((read.contents[0] as { text: string }).text).toMatch(/^Through MCP every cn command is a tool: /);
    const { prompts } = await mcp.client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(['guide']);
    const prompt = await mcp.client.getPrompt({ name: 'guide' });
    expect((prompt.messages[0].content as { text: string }).text).toContain(guide);
  });

  it('cn_status reports no daemon without starting one, like cn status', async () => {
    expect(await mcp.call('cn_status', { format: 'json' })).toEqual({
      isError: false,
      text: JSON.stringify({ running: false, root }),
      structured: { running: false, root },
    });
    expect(await mcp.call('cn_status')).toEqual({
      isError: false,
      text: `cn daemon  not running  (root ${root})`,
      structured: undefined,
    });
    expect(readPortFile(root)).toBeUndefined();
  });

  // Each tool answers exactly what `cn <command> --format json` prints for the same arguments.
  const user = 'src/domain/user.ts';
  const parity: Array<[string, Record<string, unknown>, string[]]> = [
    ['cn_overview', {}, ['overview']],
    ['cn_overview', { dir: 'src/domain', maxTokens: 0 }, ['overview', 'src/domain', '--max-tokens', '0']],
    ['cn_overview', { maxTokens: 60, limit: 3 }, ['overview', '--max-tokens', '60', '--limit', '3']],
    ['cn_map', { file: user }, ['map', user]],
    ['cn_map', { file: user, snippet: 'fold', limit: 3 }, ['map', user, '--snippet', 'fold', '--limit', '3']],
    ['cn_map', { file: user, maxTokens: 40 }, ['map', user, '--max-tokens', '40']],
    ['cn_find', { query: 'User' }, ['find', 'User']],
    ['cn_find', { query: 'User', kind: 'class', limit: 2 }, ['find', 'User', '--kind', 'class', '--limit', '2']],
    ['cn_find', { query: 'User.placeOrder' }, ['find', 'User.placeOrder']],
    ['cn_find', { query: `${user}::6::14` }, ['find', `${user}::6::14`]],
    ['cn_find', { query: 'User', refs: 'none', snippet: 'fold' }, ['find', 'User', '--no-refs', '--snippet', 'fold']],
    ['cn_find', { query: 'User', refs: 'only', maxTokens: 60 }, ['find', 'User', '--refs-only', '--max-tokens', '60']],
    [
      'cn_find',
      { query: 'User', in: 'src/services', exact: true, refs: 'all' },
      ['find', 'User', '--in', 'src/services', '--exact'],
    ],
    ['cn_find', { query: 'NoSuchSymbolAnywhere' }, ['find', 'NoSuchSymbolAnywhere']],
    ['cn_inspect', { ids: [`${user}::19::3`] }, ['inspect', `${user}::19::3`]],
    [
      'cn_inspect',
      { ids: [`${user}:20`], expand: 'surround', context: 1 },
      ['inspect', `${user}:20`, '--expand', 'surround', '--context', '1'],
    ],
    [
      'cn_inspect',
      { ids: [`${user}::19::3`, 'src/domain/money.ts:1', `${user}::999::1`] },
      ['inspect', `${user}::19::3`, 'src/domain/money.ts:1', `${user}::999::1`],
    ],
    ['cn_inspect', { ids: [`${user}::19::3`], limit: 1 }, ['inspect', `${user}::19::3`, '--limit', '1']],
    ['cn_inspect', { ids: [`${user}::19::3`], code: false }, ['inspect', `${user}::19::3`, '--no-code']],
    ['cn_inspect', { ids: [`${user}::19::3`], maxTokens: 20 }, ['inspect', `${user}::19::3`, '--max-tokens', '20']],
    [
      'cn_inspect',
      { ids: [`${user}::19::3`, 'src/domain/money.ts:1'], maxTokens: 120 },
      ['inspect', `${user}::19::3`, 'src/domain/money.ts:1', '--max-tokens', '120'],
    ],
    [
      'cn_inspect',
      { ids: [`${user}::19::3`, 'src/domain/money.ts:1'], code: false },
      ['inspect', `${user}::19::3`, 'src/domain/money.ts:1', '--no-code'],
    ],
    ['cn_calls', { target: 'User.placeOrder' }, ['calls', 'User.placeOrder']],
    [
      'cn_calls',
      { target: 'Checkout.pay', direction: 'out', depth: 2 },
      ['calls', 'Checkout.pay', '--direction', 'out', '--depth', '2'],
    ],
    [
      'cn_calls',
      { target: 'User.placeOrder', targets: ['Checkout.pay'], refsNotIn: 'src/api' },
      ['calls', 'User.placeOrder', 'Checkout.pay', '--refs-not-in', 'src/api'],
    ],
    [
      'cn_calls',
      { target: 'src/api/routes.ts', direction: 'out' },
      ['calls', 'src/api/routes.ts', '--direction', 'out'],
    ],
    ['cn_calls', { target: 'User.placeOrder', limit: 1 }, ['calls', 'User.placeOrder', '--limit', '1']],
    ['cn_calls', { target: 'User.placeOrder', maxTokens: 60 }, ['calls', 'User.placeOrder', '--max-tokens', '60']],
    ['cn_impact', { target: 'User.placeOrder' }, ['impact', 'User.placeOrder']],
    ['cn_impact', { target: 'src/domain/money.ts', depth: 2 }, ['impact', 'src/domain/money.ts', '--depth', '2']],
    ['cn_impl', { target: 'UserRepository' }, ['impl', 'UserRepository']],
    [
      'cn_impl',
      { target: 'UserRepository', direction: 'both', depth: 2 },
      ['impl', 'UserRepository', '--direction', 'both', '--depth', '2'],
    ],
    [
      'cn_impl',
      { target: 'UserRepository', limit: 1, maxTokens: 60 },
      ['impl', 'UserRepository', '--limit', '1', '--max-tokens', '60'],
    ],
    ['cn_type', { target: 'isStaff' }, ['type', 'isStaff']],
    ['cn_type', { target: `${user}::6::14`, kind: 'class' }, ['type', `${user}::6::14`, '--kind', 'class']],
    ['cn_search', { query: 'order total' }, ['search', 'order total']],
    [
      'cn_search',
      { query: 'place an order', kind: 'method', in: 'src/domain', limit: 2, snippet: 'fold' },
      ['search', 'place an order', '--kind', 'method', '--in', 'src/domain', '--limit', '2', '--snippet', 'fold'],
    ],
    ['cn_search', { query: 'user', maxTokens: 60 }, ['search', 'user', '--max-tokens', '60']],
    ['cn_grep', { pattern: 'User\\b' }, ['grep', 'User\\b']],
    // A preview (no apply): the same edits and fingerprint, nothing written.
    [
      'cn_rename',
      { target: 'User', newName: 'Member', kind: 'class' },
      ['rename', 'User', 'Member', '--kind', 'class'],
    ],
    [
      'cn_grep',
      { pattern: 'user', paths: ['src/domain'], ignoreCase: true, codeOnly: true, kind: 'method', limit: 3 },
      ['grep', 'user', 'src/domain', '-i', '--code-only', '--kind', 'method', '--limit', '3'],
    ],
    [
      'cn_grep',
      { pattern: 'new User(', fixed: true, maxTokens: 40 },
      ['grep', '-F', 'new User(', '--max-tokens', '40'],
    ],
    // Issue 24, item 16: what the CLI could ask and the tools could not.
    ['cn_grep', { pattern: 'user', word: true, in: 'src/services' }, ['grep', 'user', '-w', '--in', 'src/services']],
    [
      'cn_impact',
      { target: 'User', kind: 'class', in: 'src/domain', exact: true },
      ['impact', 'User', '--kind', 'class', '--in', 'src/domain', '--exact'],
    ],
    [
      'cn_map',
      { file: `${user}::User`, kind: 'method', modifiers: ['public'] },
      ['map', `${user}::User`, '--kind', 'method', '--public'],
    ],
    ['cn_diagnostics', { files: ['src/domain'] }, ['diagnostics', 'src/domain']],
    ['cn_deps', { file: 'src/api/routes.ts' }, ['deps', 'src/api/routes.ts']],
    ['cn_deps', { file: user, direction: 'in', depth: 2 }, ['deps', user, '--direction', 'in', '--depth', '2']],
    ['cn_deps', { orphans: true }, ['deps', '--orphans']],
    ['cn_diagnostics', {}, ['diagnostics']],
    ['cn_diagnostics', { files: [user, 'src/api/routes.ts'] }, ['diagnostics', user, 'src/api/routes.ts']],
    ['cn_unused', { path: 'src/api/routes.ts' }, ['unused', 'src/api/routes.ts']],
    [
      'cn_unused',
      { exported: true, refsNotIn: 'src/api', limit: 2 },
      ['unused', '--exported', '--refs-not-in', 'src/api', '--limit', '2'],
    ],
    ['cn_unused', { membersOf: 'User', exported: true }, ['unused', 'User', '--members', '--exported']],
  ];
  it.each(parity)('%s %j answers what the CLI prints, compact by default and as json', async (tool, args, cliArgs) => {
    // The default: the CLI's compact text, and nothing twice.
    const compact = await mcp.call(tool, args);
    const cliCompact = await cn([...cliArgs, '--format', 'compact', '--root', root]);
    expect(compact.isError, compact.text).toBe(false);
    expect(compact.structured).toBeUndefined();
    // An id that failed: the CLI says it on stderr (`cn: <id>: <why>`), the tool, with no stderr, in its answer.
    const failed = compact.text.split('\n').filter((line) => line.startsWith('failed '));
    expect(failed.map((line) => `cn: ${line.slice('failed '.length)}`)).toEqual(
      cliCompact.stderr.split('\n').filter((line) => line !== ''),
    );
    expect(
      inToolWords(
        compact.text
          .split('\n')
          .filter((line) => !line.startsWith('failed '))
          .join('\n'),
      ),
    ).toBe(inToolWords(cliCompact.stdout.trim()));
    // Issue 24, item 16: no hint tells an MCP client to type a flag or a cn command.
    expect(compact.text).not.toMatch(/(^|[\s(/])--[a-z]|\bcn (find|map|calls|impl|type|impact|inspect) /m);
    const asJson = await mcp.call(tool, { ...args, format: 'json' });
    const cli = await cn([...cliArgs, '--root', root]);
    expect(asJson.structured).toEqual(json(cli));
    expect(asJson.text).toBe(cli.stdout.trim());
  });

  /**
   * The CLI's hints as a tool says them: tools and their arguments instead of commands and flags (and so a budget's
   * own estimate of itself a few tokens apart).
   */
  const inToolWords = (text: string) =>
    text
      .replace(/\(this answer ~\d+\)/, '(this answer ~n)')
      // A rename's hint applies its preview: both names, and the flags with their values.
      .replace(
        /\bcn rename (\S+) (\S+) --apply --if-unchanged (\S+)/,
        'cn_rename target=$1 newName=$2 apply=true ifUnchanged=$3',
      )
      .replace(/\bcn (find|map|calls|impl|type|impact) (\S+)/g, (_all, command: string, subject: string) => {
        const argument = { find: 'query', map: 'file' }[command] ?? 'target';
        return `cn_${command} ${argument}=${subject}`;
      })
      .replace(/--([a-z]+(?:-[a-z]+)*)/g, (_all, flag: string) =>
        flag.replace(/-([a-z])/g, (_dash, letter: string) => letter.toUpperCase()),
      );

  const otherFormats: Array<[string, Record<string, unknown>, string[]]> = [
    ['cn_find', { query: 'User', format: 'ids' }, ['find', 'User', '--format', 'ids']],
    ['cn_inspect', { ids: [`${user}::19::3`], format: 'ids' }, ['inspect', `${user}::19::3`, '--format', 'ids']],
    [
      'cn_calls',
      { target: 'Checkout.pay', direction: 'out', format: 'tree' },
      ['calls', 'Checkout.pay', '--direction', 'out', '--format', 'tree'],
    ],
    ['cn_impl', { target: 'UserRepository', format: 'tree' }, ['impl', 'UserRepository', '--format', 'tree']],
    [
      'cn_deps',
      { file: user, direction: 'in', format: 'tree' },
      ['deps', user, '--direction', 'in', '--format', 'tree'],
    ],
    ['cn_impact', { target: 'isStaff', format: 'ids' }, ['impact', 'isStaff', '--format', 'ids']],
    ['cn_type', { target: 'isStaff', format: 'ids' }, ['type', 'isStaff', '--format', 'ids']],
    [
      'cn_find',
      { query: 'User', format: 'ids', maxTokens: 40 },
      ['find', 'User', '--format', 'ids', '--max-tokens', '40'],
    ],
    ['cn_deps', { orphans: true, limit: 1 }, ['deps', '--orphans', '--limit', '1', '--format', 'compact']],
    [
      'cn_diagnostics',
      { limit: 1, maxTokens: 30 },
      ['diagnostics', '--limit', '1', '--max-tokens', '30', '--format', 'compact'],
    ],
  ];
  it.each(otherFormats)('%s %j prints what the CLI prints', async (tool, args, cliArgs) => {
    const answer = await mcp.call(tool, args);
    const cli = await cn([...cliArgs, '--root', root]);
    expect(answer).toEqual({ isError: false, text: cli.stdout.trim(), structured: undefined });
    expect(answer.text).not.toBe('');
  });

  it('"nothing found" is a normal result, not an error', async () => {
    const answer = await mcp.call('cn_find', { query: 'NoSuchSymbolAnywhere', format: 'json' });
    expect(answer.isError).toBe(false);
    expect(answer.structured).toMatchObject({ definition: null, references: [], candidates: [] });
    expect((await mcp.call('cn_find', { query: 'NoSuchSymbolAnywhere' })).text).toMatch(/^no definition for /);
  });

  it('cn_status answers what cn status prints once the daemon runs', async () => {
    const answer = await mcp.call('cn_status', { format: 'json' });
    const cli = json(await cn(['status', '--root', root]));
    expect(stable(answer.structured)).toEqual(stable(cli));
    expect(answer.structured).toMatchObject({ running: true, pid: readPortFile(root)!.pid, state: 'ready' });
  });

  // Errors carry the CLI's one line, without its `cn: ` prefix.
  const failures: Array<[string, Record<string, unknown>, string[], RegExp]> = [
    ['cn_map', { file: 'src/missing.ts' }, ['map', 'src/missing.ts'], /^no such file: src\/missing\.ts \(/],
    ['cn_map', { file: 'package.json' }, ['map', 'package.json'], /^not a TypeScript\/JavaScript source file/],
    ['cn_map', { file: '../../etc/passwd.ts' }, ['map', '../../etc/passwd.ts'], /outside the project root/],
    ['cn_inspect', { ids: ['src/domain/user.ts::3::abc'] }, ['inspect', 'src/domain/user.ts::3::abc'], /^malformed id/],
    [
      'cn_inspect',
      { ids: ['src/domain/user.ts::999::1'] },
      ['inspect', 'src/domain/user.ts::999::1'],
      /^line 999 is past the end/,
    ],
    ['cn_find', { query: 'User', kind: 'gadget' }, ['find', 'User', '--kind', 'gadget'], /gadget/],
    ['cn_calls', { target: 'checkout' }, ['calls', 'checkout'], /^nothing callable at 'checkout'/],
    ['cn_impl', { target: 'NoSuchSymbolAnywhere' }, ['impl', 'NoSuchSymbolAnywhere'], /NoSuchSymbolAnywhere/],
    ['cn_type', { target: 'src/domain/user.ts::3::abc' }, ['type', 'src/domain/user.ts::3::abc'], /^malformed id/],
    ['cn_deps', { file: 'src/missing.ts' }, ['deps', 'src/missing.ts'], /^no such file: src\/missing\.ts/],
    [
      'cn_diagnostics',
      { files: ['src/missing.ts'] },
      ['diagnostics', 'src/missing.ts'],
      /^no such file: src\/missing\.ts/,
    ],
  ];
  it.each(failures)('%s %j fails with the line the CLI prints', async (tool, args, cliArgs, message) => {
    const answer = await mcp.call(tool, args);
    const cli = await cn([...cliArgs, '--root', root]);
    expect(cli.exitCode).toBeGreaterThanOrEqual(1);
    expect(cli.stdout).toBe('');
    expect(answer).toMatchObject({ isError: true, structured: undefined });
    expect(answer.text).toMatch(message);
    expect(`cn: ${answer.text}\n`).toBe(cli.stderr);
  });

  const invalid: Array<[string, Record<string, unknown>]> = [
    ['cn_map', {}],
    ['cn_map', { file: 42 }],
    ['cn_find', { query: '' }],
    ['cn_find', { query: 'User', limit: 0 }],
    ['cn_find', { query: 'User', limit: 'many' }],
    ['cn_inspect', { ids: [] }],
    ['cn_inspect', { ids: 'src/domain/user.ts::6::14' }],
    ['cn_inspect', { ids: ['src/domain/user.ts::6::14'], expand: 'everything' }],
    ['cn_inspect', { ids: ['src/domain/user.ts::6::14'], context: -1 }],
    ['cn_map', { file: 'src/domain/user.ts', maxTokens: 5 }],
    ['cn_overview', { maxTokens: 5 }],
    ['cn_calls', { target: 'User', depth: 99 }],
    ['cn_calls', { target: 'User', direction: 'sideways' }],
    ['cn_deps', {}],
    ['cn_deps', { file: 'src/api/routes.ts', orphans: true }],
    ['cn_find', { query: 'User', format: 'text' }],
    ['cn_map', { file: 'src/domain/user.ts', format: 'tree' }],
    ['cn_nonexistent', {}],
  ];
  it.each(invalid)('%s %j is a tool error naming the problem, and the server lives on', async (tool, args) => {
    const answer = await mcp.call(tool, args);
    expect(answer.isError).toBe(true);
    expect(answer.text.split('\n')[0]).toMatch(new RegExp(`${tool}|${Object.keys(args)[0] ?? 'file'}`));
    expect((await mcp.call('cn_status')).isError).toBe(false);
  });

  it('two MCP servers at once share the one daemon of the root', async () => {
    const second = await startMcp(['--root', root]);
    try {
      const [a, b] = await Promise.all([
        mcp.call('cn_find', { query: 'Money' }),
        second.call('cn_find', { query: 'Money' }),
      ]);
      expect(a.text).toEqual(b.text);
      const [statusA, statusB] = await Promise.all([
        mcp.call('cn_status', { format: 'json' }),
        second.call('cn_status', { format: 'json' }),
      ]);
      expect(statusA.structured.pid).toBe(statusB.structured.pid);
      expect(statusA.structured.pid).toBe(readPortFile(root)!.pid);
    } finally {
      await second.client.close();
    }
  });

  it('survives a daemon restart: the next call reconnects through the port file', async () => {
    const before = readPortFile(root)!.pid;
    expect((await cn(['stop', '--root', root])).exitCode).toBe(0);
    expect(isAlive(before)).toBe(false);
    const answer = await mcp.call('cn_map', { file: 'src/domain/money.ts' });
    expect(answer.isError).toBe(false);
    expect(answer.text).toMatch(/^src\/domain\/money\.ts \(\d+ symbols\)/);
    const after = readPortFile(root)!.pid;
    expect(after).not.toBe(before);
    expect((await mcp.call('cn_status', { format: 'json' })).structured.pid).toBe(after);
    expect(mcp.stderr()).toMatch(/reconnecting through the port file/);
  });

  it('keeps stdout for the protocol and logs on stderr', () => {
    expect(mcp.protocolErrors).toEqual([]);
    expect(mcp.stderr()).toMatch(/^cn mcp: serving /m);
  });

  it('answers every request written before stdin closed, then exits', async () => {
    const requests = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '0' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'cn_find', arguments: { query: 'Money', limit: 1, format: 'json' } },
      },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'cn_inspect', arguments: { id: 'nope' } } },
    ];
    const result = await cn(['mcp', '--root', root], {
      input: requests.map((request) => JSON.stringify(request)).join('\n') + '\n',
    });
    expect(result.exitCode).toBe(0);
    const answers = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answers.map((answer) => answer.id).sort()).toEqual([1, 2, 3]);
    expect(answers.find((answer) => answer.id === 2).result.structuredContent.definition.name).toBe('Money');
    expect(answers.find((answer) => answer.id === 3).result.isError).toBe(true);
  });

  it('exits when the client closes stdin and leaves the shared daemon running', async () => {
    const session = await startMcp(['--root', root]);
    await session.call('cn_find', { query: 'User' });
    const pid = session.transport.pid!;
    await session.client.close();
    expect(await waitFor(() => !isAlive(pid))).toBe(true);
    expect(isAlive(readPortFile(root)!.pid)).toBe(true);
  });
});

describe('cn mcp when the project cannot be served', () => {
  it('an unknown --root: the server starts and every tool reports the CLI error', async () => {
    const missing = path.join(REPO, 'no-such-project-dir');
    const session = await startMcp(['--root', missing]);
    try {
      expect((await session.client.listTools()).tools.length).toBeGreaterThanOrEqual(TOOL_NAMES.length);
      const answer = await session.call('cn_find', { query: 'User' });
      const cli = await cn(['find', 'User', '--root', missing]);
      expect(answer.isError).toBe(true);
      expect(answer.text).toMatch(/^--root .*no-such-project-dir does not exist \(pass the project directory\)$/);
      expect(`cn: ${answer.text}\n`).toBe(cli.stderr);
      expect((await session.call('cn_status')).isError).toBe(true);
    } finally {
      await session.client.close();
    }
  });

  it('a daemon setting out of range is a tool error naming it, and the server lives on', async () => {
    const fresh = copyProject('examples/shop');
    const session = await startMcp(['--root', fresh], { CN_IDLE_MINUTES: 'soon' });
    try {
      const answer = await session.call('cn_find', { query: 'User' });
      expect(answer.isError).toBe(true);
      expect(answer.text).toBe("CN_IDLE_MINUTES takes a number from 0 to 35791, not 'soon'");
      expect((await session.call('cn_status', { format: 'json' })).structured).toEqual({ running: false, root: fresh });
    } finally {
      await session.client.close();
      await cleanUp(fresh);
    }
  });

  it('the one-shot CLI bundle does not carry the MCP SDK', () => {
    const bundle = readFileSync(path.join(REPO, 'packages/cli/dist/cn-cli.cjs'), 'utf8');
    expect(bundle).not.toMatch(/StdioServerTransport|new McpServer|modelcontextprotocol/);
    // Loaded at run time from its own bundle beside the CLI (scripts/bundle.mjs).
    // (require(), not import(): cn.cjs runs the CLI as a vm.Script, through the compile cache.)
    expect(bundle).toMatch(/require\(["']\.\/cn-mcp\.cjs["']\)/);
  });
});
