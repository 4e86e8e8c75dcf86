import { z } from 'zod';
import { PRESENTERS, formatsOf, type AnswerFormat } from '@cn/core';
import type { CnTool } from './tool.js';

/**
 * What a tool answers when no format is asked. Measured with `node scripts/mcp-tools-tokens.mjs --answers`
 * (docs/mcp.md): compact keeps every id and costs a third to a half of the JSON, which MCP also sent twice.
 */
export const DEFAULT_TOOL_FORMAT: AnswerFormat = 'compact';

/** The CLI's formats an agent can use: text is for people, files only for cn find's pipes. */
const TOOL_FORMATS: readonly AnswerFormat[] = ['compact', 'json', 'ids', 'tree', 'names'];

/** The formats of a tool: those of its command's presenter an agent can use, the default first. */
export function toolFormats(tool: CnTool): AnswerFormat[] {
  const offered = formatsOf(PRESENTERS[tool.route]);
  return TOOL_FORMATS.filter((format) => offered.includes(format));
}

/**
 * The tool's arguments and `format`, which every tool takes: the shape the SDK validates and tools/list shows. Its
 * default, listed first, is said once in the server's instructions rather than on all fourteen tools.
 */
export function toolShape(tool: CnTool): z.ZodRawShape {
  const [first, ...rest] = toolFormats(tool);
  return { ...tool.input, format: z.enum([first, ...rest]).optional() };
}
