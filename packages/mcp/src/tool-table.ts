import type { CnTool } from './tool.js';
import { GRAPH_TOOLS } from './tools-graph.js';
import { READ_TOOLS } from './tools-read.js';
import { SEARCH_TOOLS } from './tools-search.js';

export type { CnTool, ToolContext } from './tool.js';

/** Every MCP tool, in the order `cn --help` lists the commands; a new tool is one entry in a tools-*.ts file. */
export const TOOLS: CnTool[] = [...READ_TOOLS, ...SEARCH_TOOLS, ...GRAPH_TOOLS];
