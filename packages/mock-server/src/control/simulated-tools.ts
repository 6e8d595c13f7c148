import { ApiError, invalidField } from '../errors.js';
import type { McpTool } from '../store/records.js';
import { checkInput } from './check-input.js';
import { mcpServerSettings } from './control-schemas.js';

/** The simulated tools of an MCP server with their defaults; 400 naming a tool listed twice. */
export function withDefaults(tools: (Partial<McpTool> & Pick<McpTool, 'name'>)[]): McpTool[] {
  const names = new Set<string>();
  return tools.map((tool, i) => {
    if (names.has(tool.name)) {
      throw invalidField(`tools[${i}].name`, 'unique', `${tool.name} is listed twice`);
    }
    names.add(tool.name);
    return {
      name: tool.name,
      description: tool.description ?? '',
      // Its own copy: the caller may go on changing the schema it passed.
      input_schema: structuredClone(tool.input_schema) ?? { type: 'object' },
      enabled: tool.enabled ?? true,
    };
  });
}

/**
 * The tools the `mcpTools` option gives, checked and completed as `setMcpServer` does its own: a
 * TypeError naming the option otherwise (stored as they came, a tool without its description broke
 * the API's answers, and the state exported after it did not import again).
 */
export function optionTools(tools: unknown): McpTool[] {
  if (tools === undefined) throw new TypeError('mcpTools: tools: must be an array');
  try {
    const checked = checkInput<{ tools: McpTool[] }>(mcpServerSettings, { tools });
    return withDefaults(checked.tools);
  } catch (error) {
    if (error instanceof ApiError) throw new TypeError(`mcpTools: ${error.message}`);
    throw error;
  }
}
