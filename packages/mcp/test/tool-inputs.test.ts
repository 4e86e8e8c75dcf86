import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ROUTE_SCHEMAS, inspectManyRequest } from '@cn/protocol/schemas';
import { TOOLS } from '../src/tool-table.js';

/**
 * MCP tool arguments are the route's request fields (picked and described), never retyped: an argument
 * the route does not know is one only MCP has, and must be one of these, each with its reason.
 */
const MCP_ONLY: Record<string, string> = {
  // The cut is made on the answer, measured as printed, as the CLI does: never sent.
  maxTokens: 'client-side cut',
  // cn_deps { orphans: true } calls the orphans route instead of deps.
  orphans: 'selects the orphans route',
};

function requestShape(route: keyof typeof ROUTE_SCHEMAS): z.ZodRawShape {
  // /inspect takes `id` or `ids`; the tool always takes `ids` and sends one `id` when given one.
  if (route === 'inspect') return inspectManyRequest.shape;
  const request = ROUTE_SCHEMAS[route].request as z.ZodObject | undefined;
  return request?.shape ?? {};
}

/**
 * Request fields a tool does not offer, each with its reason. Any other field the CLI can send (a request field is
 * there because a CLI option sends it) must be an argument of the command's tool: cn_grep lacked `word` and
 * cn_impact `kind`, `in` and `exact` while the CLI sent them (issue 24, item 16).
 */
const CLI_ONLY: Record<string, Record<string, string>> = {
  // The tool takes `ids` and sends `id` for one, as `cn inspect` does.
  inspect: { id: 'ids with one id' },
  // cn_diagnostics pages through the files itself, as the CLI does.
  diagnostics: { offset: 'paging', limit: "paging (the tool's limit cuts the answer)" },
  // One path a call: a second path field would take tools/list past its token budget; a client calls again.
  unused: { morePaths: 'one path a call (tools/list budget)' },
};

describe('MCP tool inputs come from the protocol request schemas', () => {
  it.each(TOOLS.map((tool) => [tool.name, tool] as const))(
    '%s offers every field of its route the CLI can send (or a named exception)',
    (_name, tool) => {
      const exempt = CLI_ONLY[tool.route] ?? {};
      const missing = Object.keys(requestShape(tool.route)).filter(
        (field) => !(field in tool.input) && !(field in exempt) && field !== 'maxTokens',
      );
      expect(missing, tool.name).toEqual([]);
    },
  );

  it.each(TOOLS.map((tool) => [tool.name, tool] as const))(
    '%s asks only for fields of its route (or named MCP-only ones)',
    (_name, tool) => {
      const fields = Object.keys(requestShape(tool.route));
      for (const argument of Object.keys(tool.input)) {
        if (argument in MCP_ONLY) continue;
        expect(fields, `${tool.name}.${argument}`).toContain(argument);
      }
    },
  );
});
