import { ApiError, validationError } from '../errors.js';
import type { McpServerRow, McpTool } from '../store/records.js';
import type { DomainContext, Handler } from './context.js';
import { mustGet } from './lookup.js';
import { paginate } from './paginate.js';
import { headerNameIssues } from './value-rules.js';

/** The tools a new MCP server offers when no `mcpTools` option says otherwise (simulated: no network). */
export const DEFAULT_MCP_TOOLS: McpTool[] = [
  {
    name: 'search',
    description: 'Searches the server for documents matching a query.',
    input_schema: {
      type: 'object',
      properties: { query: { type: 'string' } },
      required: ['query'],
    },
    enabled: true,
  },
  {
    name: 'fetch',
    description: 'Fetches one document by id.',
    input_schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    enabled: true,
  },
];

/** The API view: `connected` while an agent uses it, `error` when the control API says so. */
export function mcpServerView(ctx: DomainContext, row: McpServerRow) {
  return {
    /** The MCP server's id (a UUID). */
    id: row.id,
    /** Its name, 1 to 200 characters. */
    name: row.name,
    /** The URL the platform reaches it at (http or https, without credentials). */
    url: row.url,
    /** `error` when set so (`setMcpServer`), else `connected` while an agent uses it, else `disconnected`. */
    status: mcpStatus(ctx, row),
    /** How many simulated tools it has, enabled or not. */
    tools_count: row._tools.length,
    /** When it was created (ISO 8601), on the mock's clock. */
    created_at: row.created_at,
    /** When it last changed (ISO 8601), on the mock's clock. */
    updated_at: row.updated_at,
  };
}

const server = (ctx: DomainContext, ws: string, id: string) =>
  mustGet(ctx.state.tables.mcpServers, ws, id, 'MCP server');

/** `error` (set through the control API), else `connected` when an agent links it, else `disconnected`. */
function mcpStatus(ctx: DomainContext, row: McpServerRow): 'error' | 'connected' | 'disconnected' {
  if (row._error) return 'error';
  const linked = ctx.state.tables.mcpLinks.findWhere(row._ws, (l) => l.mcp_id === row.id);
  return linked ? 'connected' : 'disconnected';
}

/** GET /v1/mcp-servers, filter `status`. */
export const mcpServersList: Handler = (ctx, { ws, query }) =>
  paginate(
    ctx.state.tables.mcpServers.list(
      ws,
      (row) => !query.status || mcpStatus(ctx, row) === query.status,
    ),
    query,
    (row) => mcpServerView(ctx, row),
  );

/** POST /v1/mcp-servers: registered, disconnected until an agent connects it. */
export const mcpServersCreate: Handler = (ctx, { ws, body }) => {
  checkHeaderNames(body.headers);
  const now = ctx.now();
  const row: McpServerRow = {
    id: ctx.id(),
    name: body.name,
    url: body.url,
    created_at: now,
    updated_at: now,
    _ws: ws,
    _seq: ctx.seq(),
    _headers: body.headers ?? {},
    _tools: structuredClone(ctx.mcpToolsFor({ name: body.name, url: body.url })),
    _error: false,
  };
  ctx.state.tables.mcpServers.put(row);
  return { data: mcpServerView(ctx, row) };
};

/** Header names are case-insensitive: the first that repeats another in another case is 400. */
function checkHeaderNames(headers: Record<string, string> | undefined): void {
  const [first] = headerNameIssues(headers ?? {}, 'headers');
  if (first) throw validationError([first]);
}

/** GET /v1/mcp-servers/{id}. */
export const mcpServersRetrieve: Handler = (ctx, { ws, params }) => ({
  data: mcpServerView(ctx, server(ctx, ws, params.id as string)),
});

/** PUT /v1/mcp-servers/{id}: a partial update (headers are replaced whole, never returned). */
export const mcpServersUpdate: Handler = (ctx, { ws, params, body }) => {
  checkHeaderNames(body.headers);
  const row = server(ctx, ws, params.id as string);
  if (body.name !== undefined) row.name = body.name;
  if (body.url !== undefined) row.url = body.url;
  if (body.headers !== undefined) row._headers = body.headers;
  row.updated_at = ctx.now();
  return { data: mcpServerView(ctx, row) };
};

/** DELETE /v1/mcp-servers/{id}: also disconnects it from every agent. */
export const mcpServersDelete: Handler = (ctx, { ws, params }) => {
  const row = server(ctx, ws, params.id as string);
  const { mcpLinks, mcpServers } = ctx.state.tables;
  for (const link of mcpLinks.list(ws, (l) => l.mcp_id === row.id)) mcpLinks.delete(link.id);
  mcpServers.delete(row.id);
  return undefined;
};

/** GET /v1/mcp-servers/{id}/tools, in the order the server lists them (`desc` reverses it). */
export const mcpServersListTools: Handler = (ctx, { ws, params, query }) => {
  const row = server(ctx, ws, params.id as string);
  return paginate(row._tools, query, (tool) => tool);
};

/** PUT /v1/mcp-servers/{id}/tools/{toolName}: enable or disable a tool. */
export const mcpServersUpdateTool: Handler = (ctx, { ws, params, body }) => {
  const row = server(ctx, ws, params.id as string);
  const tool = row._tools.find((t) => t.name === params.toolName);
  if (!tool)
    throw new ApiError(
      404,
      'NOT_FOUND',
      `tool ${params.toolName} not found on MCP server ${row.id}`,
    );
  tool.enabled = body.enabled;
  row.updated_at = ctx.now();
  return { data: tool };
};

/** POST /v1/agent/{id}/mcp/connect: idempotent; the server becomes `connected`. */
export const mcpServersConnect: Handler = (ctx, { ws, params, body }) => {
  const agent = mustGet(ctx.state.tables.agents, ws, params.id as string, 'agent');
  const row = server(ctx, ws, body.mcp_id);
  const { mcpLinks } = ctx.state.tables;
  if (!mcpLinks.findWhere(ws, (l) => l.agent_id === agent.id && l.mcp_id === row.id)) {
    mcpLinks.put({
      id: ctx.id(),
      agent_id: agent.id,
      mcp_id: row.id,
      created_at: ctx.now(),
      _ws: ws,
      _seq: ctx.seq(),
    });
  }
  return { data: mcpServerView(ctx, row) };
};

/** POST /v1/agent/{id}/mcp/disconnect: idempotent. */
export const mcpServersDisconnect: Handler = (ctx, { ws, params, body }) => {
  const agent = mustGet(ctx.state.tables.agents, ws, params.id as string, 'agent');
  const row = server(ctx, ws, body.mcp_id);
  const { mcpLinks } = ctx.state.tables;
  for (const link of mcpLinks.list(ws, (l) => l.agent_id === agent.id && l.mcp_id === row.id))
    mcpLinks.delete(link.id);
  return { data: mcpServerView(ctx, row) };
};

/** GET /v1/agent/{id}/mcp: the servers connected to the agent. */
export const mcpServersListForAgent: Handler = (ctx, { ws, params, query }) => {
  const agent = mustGet(ctx.state.tables.agents, ws, params.id as string, 'agent');
  const ids = new Set(
    ctx.state.tables.mcpLinks.list(ws, (l) => l.agent_id === agent.id).map((l) => l.mcp_id),
  );
  return paginate(
    ctx.state.tables.mcpServers.list(ws, (s) => ids.has(s.id)),
    query,
    (row) => mcpServerView(ctx, row),
  );
};
