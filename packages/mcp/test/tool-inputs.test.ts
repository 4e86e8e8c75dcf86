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

describe('MCP tool inputs come from the protocol request schemas', () => {
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
