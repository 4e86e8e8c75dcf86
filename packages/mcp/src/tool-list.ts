import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { toolShape } from './tool-format.js';
import type { CnTool } from './tool-table.js';

/**
 * The tools/list answer, written by us rather than the SDK: every agent session pays for it in
 * context before its first question, and the SDK's listing adds per tool a `$schema` URL, an
 * `execution` block and the ±2^53 bounds zod puts on every integer — about a fifth of the total,
 * telling the agent nothing. The arguments are still validated by the SDK from the same zod shapes.
 */
export function listTools(tools: CnTool[]): { tools: Tool[] } {
  return {
    tools: tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: inputSchema(toolShape(tool)),
      annotations: { readOnlyHint: !tool.writes },
    })),
  };
}

function inputSchema(shape: z.ZodRawShape): Tool['inputSchema'] {
  const schema = z.toJSONSchema(z.object(shape), {
    target: 'draft-7',
    io: 'input',
    override: ({ jsonSchema }) => {
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      // The protocol's length and count caps guard the daemon against hostile clients; an agent's arguments
      // never near them. A non-empty string needs no saying either: an empty one is refused with a clear error.
      delete jsonSchema.maxLength;
      delete jsonSchema.maxItems;
      delete jsonSchema.minLength;
    },
  }) as Record<string, unknown>;
  delete schema.$schema;
  // Unknown arguments are ignored, as the SDK's zod objects strip them; saying so costs tokens.
  delete schema.additionalProperties;
  return schema as Tool['inputSchema'];
}
