import type { AgentRow } from '../store/records.js';
import { publicView } from '../store/table.js';
import { chatChanged } from './chat-state.js';
import type { Handler } from './context.js';
import { mustGet } from './lookup.js';
import { cachedPage } from './paginate.js';

const view = (row: AgentRow) => publicView(row);
const one = (row: AgentRow) => ({ data: view(row) });

/** GET /v1/agents, filter `status`. */
export const agentsList: Handler = (ctx, { ws, query }) =>
  cachedPage(
    ctx.state.tables.agents,
    ws,
    query,
    query.status ? (a) => a.status === query.status : undefined,
  );

/** POST /v1/agents: a new agent is `active`. */
export const agentsCreate: Handler = (ctx, { ws, body }) => {
  const now = ctx.now();
  const row: AgentRow = {
    id: ctx.id(),
    name: body.name,
    description: body.description ?? null,
    avatar_url: body.avatar_url ?? null,
    status: 'active',
    model: body.model ?? 'default',
    temperature: body.temperature ?? 0.7,
    instructions: body.instructions ?? null,
    created_at: now,
    updated_at: now,
    _ws: ws,
    _seq: ctx.seq(),
  };
  return one(ctx.state.tables.agents.put(row));
};

/** GET /v1/agents/{id}. */
export const agentsRetrieve: Handler = (ctx, { ws, params }) =>
  one(mustGet(ctx.state.tables.agents, ws, params.id as string, 'agent'));

/** PUT /v1/agents/{id}: a partial update. */
export const agentsUpdate: Handler = (ctx, { ws, params, body }) => {
  const { agents } = ctx.state.tables;
  const row = mustGet(agents, ws, params.id as string, 'agent');
  return one(agents.update(row, { ...body, updated_at: ctx.now() }));
};

/** DELETE /v1/agents/{id}: its trainings and MCP links go; its channels stay, unbound; conversations stay. */
export const agentsDelete: Handler = (ctx, { ws, params }) => {
  const { agents, trainings, channels, mcpLinks } = ctx.state.tables;
  const row = mustGet(agents, ws, params.id as string, 'agent');
  for (const t of trainings.list(ws, (t) => t.agent_id === row.id)) trainings.delete(t.id);
  for (const l of mcpLinks.list(ws, (l) => l.agent_id === row.id)) mcpLinks.delete(l.id);
  const now = ctx.now();
  for (const c of channels.list(ws, (c) => c.agent_id === row.id)) {
    channels.update(c, { agent_id: null, updated_at: now });
  }
  agents.delete(row.id);
  return undefined;
};

/** POST /v1/agents/{id}/activate and /deactivate: set the status (idempotent). */
export function setAgentStatus(status: AgentRow['status']): Handler {
  return (ctx, { ws, params }) => {
    const { agents } = ctx.state.tables;
    const row = mustGet(agents, ws, params.id as string, 'agent');
    if (row.status === status) return one(row);
    // An answer its open chats are waiting for is dropped, even once the agent is active again.
    for (const chat of ctx.state.tables.conversations.list(ws, (c) => c.agent_id === row.id)) {
      chatChanged(chat);
    }
    return one(agents.update(row, { status, updated_at: ctx.now() }));
  };
}
