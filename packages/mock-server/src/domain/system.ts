import { ApiError } from '../errors.js';
import { operations } from '../generated/operations.js';
import { grants } from '../http/authorize.js';
import type { ApiKeyRecord, PermissionSet, Variant } from '../store/records.js';
import { type DomainContext, type Handler, Reply } from './context.js';

/** The permission group each tag's operations belong to, as GET /v1/me reports them. */
const GROUPS: Record<string, string> = {
  Agents: 'agents',
  Trainings: 'trainings',
  Channels: 'channels',
  Contacts: 'contacts',
  'Custom Fields': 'custom_fields',
  Conversations: 'conversations',
  Chats: 'chats',
  Messages: 'messages',
  MCP: 'mcp_servers',
  Webhooks: 'webhooks',
  Appointments: 'appointments',
};

/**
 * The group an operation counts for: the resource it reads or changes. Messages are reached through
 * agents, conversations and chats (tagged so), but reading, sending, editing or deleting one is a
 * `messages` permission: a key with only `messages:write` may not write agents.
 */
function groupOf(op: (typeof operations)[number]): string | undefined {
  if (op.path.includes('/messages') || op.path === '/v1/agents/{id}/conversation') {
    return 'messages';
  }
  return GROUPS[op.tag];
}

/**
 * What a key may do per resource group, derived from the spec's scopes: `read` when it may call
 * any GET of the group, `write` any POST or PUT, `delete` any DELETE.
 */
export function permissionsOf(
  key: Pick<ApiKeyRecord, 'scopes'>,
  variant: Variant,
): Record<string, PermissionSet> {
  const out: Record<string, PermissionSet> = {};
  for (const op of operations) {
    const group = groupOf(op);
    if (!group) continue;
    out[group] ??= { read: false, write: false, delete: false };
    const action = op.method === 'GET' ? 'read' : op.method === 'DELETE' ? 'delete' : 'write';
    if (grants(key, op, variant)) out[group][action] = true;
  }
  return out;
}

/**
 * GET /v1/health: 200 when ok; 503 during maintenance or degradation, with the `error` of every error
 * response (seed section 7) next to the health result.
 */
export const healthRetrieve: Handler = (ctx: DomainContext) => {
  const { health } = ctx.state;
  const body = { status: health, timestamp: ctx.now() };
  if (health === 'ok') return body;
  const message = `the service is ${health === 'maintenance' ? 'in maintenance' : 'degraded'}`;
  const error = new ApiError(503, 'SERVICE_UNAVAILABLE', message);
  return new Reply(503, { ...body, ...error.toBody() }, error);
};

/** GET /v1/me: the key's name, workspace, scopes and permission map. */
export const meRetrieve: Handler = (ctx, { key }) => {
  if (!key) throw new Error('meRetrieve needs an authenticated key');
  return {
    data: {
      key_name: key.name,
      company_id: key.company_id,
      workspace_id: key.workspace_id,
      scopes: key.scopes,
      permissions: permissionsOf(key, ctx.variant),
    },
  };
};
