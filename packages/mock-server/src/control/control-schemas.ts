/**
 * The inputs of the control API as JSON Schemas, checked by the validator of the /v1 routes so that
 * both answer alike: unknown fields are refused (rule `unknown`), as are wrong types (rule `type`).
 * Each serves the HTTP body and the options of the server object's method alike.
 */

import type { ParameterInfo, SchemaNode } from '../generated/operations.js';
import { schemas } from '../generated/schemas.js';
import { API_KEY_STRING, CREATION_NUMBER, MCP_TOOL_NAME, NAME } from '../store/snapshot-schemas.js';
import { TABLE_NAMES } from '../store/state.js';

const object = (properties: Record<string, SchemaNode>, required: string[] = []): SchemaNode => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});
const string: SchemaNode = { type: 'string' };
const uuid: SchemaNode = { type: 'string', format: 'uuid' };
const healthStatus: SchemaNode = { enum: ['ok', 'maintenance', 'degraded'] };

/** The body of a route that takes none: empty, or `{}`. */
export const noBody = object({});

/** `POST /__mock/reset` and `reset()`: what the emptied server starts with. */
export const resetOptions = object({ seed: { enum: ['none', 'demo'] } });

/** `POST /__mock/workspaces`. */
export const workspaceBody = object({ name: NAME });

/** `createWorkspace()`: the body's fields, plus the fixed ids the demo seed gives its workspace. */
export const workspaceOptions = object({
  name: NAME,
  workspace_id: uuid,
  company_id: uuid,
});

/** `POST /__mock/api-keys` and `createApiKey()`; the scopes are checked against the variant after. */
export const apiKeyOptions = object(
  {
    scopes: { description: 'an array of scopes of the variant, or "all"' },
    workspace_id: string,
    name: NAME,
    key: API_KEY_STRING,
  },
  ['scopes'],
);

/** `POST /__mock/clock/advance`: the clock counts whole milliseconds. */
export const clockAdvanceBody = object({ ms: { type: 'integer', minimum: 0 } }, ['ms']);

/** `PUT /__mock/health`. */
export const healthBody = object({ status: healthStatus }, ['status']);

/**
 * `POST /__mock/faults` and `faults.add()`; `checkFault` checks what a schema cannot say (one of
 * `status`, `drop` and `delay_ms` alone, and the fields only `status` takes).
 */
export const faultSpec = object(
  {
    method: { description: 'an HTTP method, checked by checkFault' },
    path: string,
    status: { type: 'integer', minimum: 400, maximum: 599 },
    code: { type: 'string', minLength: 1 },
    // Past 2^53 - 1 a count no longer counts down: 2^53 - 1 === 2^53.
    times: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    after: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    // setTimeout's limit: a longer delay would fire at once.
    delay_ms: { type: 'integer', minimum: 0, maximum: 2_147_483_647 },
    // About 68 years; HTTP caches read a larger delta-seconds as 2^31 (RFC 9111 section 1.2.2). Past
    // 1e21 it was sent as `1e+21`, no Retry-After at all, and X-RateLimit-Reset lost precision.
    // 0 is below the spec's least (1): a test's "retry at once", which the examples use.
    retry_after: { type: 'integer', minimum: 0, maximum: 2_147_483_647 },
    message: string,
    details: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: object(
        {
          field: { type: 'string', minLength: 1 },
          rule: { type: 'string', minLength: 1 },
          message: { type: 'string', minLength: 1 },
        },
        ['field', 'rule', 'message'],
      ),
    },
    drop: { enum: ['request', 'response', 'body'] },
    key_id: uuid,
    body_includes: { type: 'object', minProperties: 1 },
  },
  ['path'],
);

const chatMessage = schemas.ChatMessageCreate as SchemaNode & {
  properties: Record<string, SchemaNode>;
};
const { maxLength: _, ...anyLength } = chatMessage.properties.content as SchemaNode;

/**
 * `POST /__mock/conversations/{id}/inbound` and `receiveMessage()`: the rules of POST
 * /v1/chats/{id}/messages (ChatMessageCreate), without its 4096-character limit (a customer's
 * message has none), its `type` read from MessageType (the control API follows no `$ref`).
 */
export const inboundMessage: SchemaNode = {
  ...chatMessage,
  properties: {
    ...chatMessage.properties,
    content: anyLength,
    type: schemas.MessageType as SchemaNode,
  },
};

/** `PUT /__mock/channels/{id}/status` and `setChannelStatus()`. */
export const channelStatusInput = object(
  { status: { enum: ['active', 'disconnected', 'error'] } },
  ['status'],
);

/** `PUT /__mock/messages/{id}/status` and `setMessageStatus()`. */
export const messageStatusInput = object({ status: { enum: ['delivered', 'read'] } }, ['status']);

/** `PUT /__mock/mcp-servers/{id}` and `setMcpServer()`; tool names are checked for repeats after. */
export const mcpServerSettings = object({
  tools: {
    type: 'array',
    items: object(
      {
        name: MCP_TOOL_NAME,
        description: string,
        input_schema: { type: 'object', description: 'a JSON Schema' },
        enabled: { type: 'boolean' },
      },
      ['name'],
    ),
  },
  error: { type: 'boolean' },
});

/** `POST /__mock/events` and `emitEvent()`; the event and its data are checked against the spec after. */
export const eventInput = object(
  { workspace_id: string, event: string, data: { description: 'the event data' } },
  ['workspace_id', 'event', 'data'],
);

/**
 * `faults.list()` and `faults.clear()`: one key's faults, by its id (a UUID, as `faults.add` takes
 * it: `null`, empty or a key string took nothing at all).
 */
export const faultsFilter = object({ key_id: uuid });

const webhookRecordFields = { webhook_id: uuid, workspace_id: uuid };

/** `webhookAttempts()`'s and `alerts()`'s filter: ids in any case (their existence checked after). */
export const webhookRecordsOptions = object(webhookRecordFields);

/** How many of the newest to keep, as `requests()` takes it. */
const limit: SchemaNode = { type: 'integer', minimum: 1 };

/**
 * `webhookAttempts()`'s filter: those of `alerts()`, an event's name (checked after), and `limit`,
 * the newest that many.
 */
export const webhookAttemptsOptions = object({ ...webhookRecordFields, event: string, limit });

/** The query of `GET /__mock/alerts`. */
export const webhookRecordsQuery: ReadonlyMap<string, ParameterInfo> = new Map(
  Object.keys(webhookRecordFields).map((name) => [
    name,
    { name, in: 'query', required: false, schema: uuid },
  ]),
);

/** The query of `GET /__mock/webhook-attempts`: that of `GET /__mock/alerts`, `event` and `limit`. */
export const webhookAttemptsQuery: ReadonlyMap<string, ParameterInfo> = new Map([
  ...webhookRecordsQuery,
  ['event', { name: 'event', in: 'query', required: false, schema: string }],
  ['limit', { name: 'limit', in: 'query', required: false, schema: limit }],
]);

/** The query of `GET` and `DELETE /__mock/faults`, `faults.list()`'s and `faults.clear()`'s filter. */
export const faultsQuery: ReadonlyMap<string, ParameterInfo> = new Map([
  ['key_id', { name: 'key_id', in: 'query', required: false, schema: uuid }],
]);

/** The filters of `requests()` and `GET /__mock/requests`; `requestsFilter` checks their meaning. */
const requestsFields: Record<string, SchemaNode> = {
  limit,
  method: string,
  path: string,
  // 0: the status the journal records for a request a `drop: "request"` fault cut (1 to 99 are 400).
  status: { type: 'integer', minimum: 0, maximum: 599 },
  operation_id: string,
  key_id: string,
  dropped: { enum: ['request', 'response', 'body'] },
};

const requestsOptionFields: Record<string, SchemaNode> = {
  ...requestsFields,
  operation_id: { type: ['string', 'null'] },
  key_id: { type: ['string', 'null'] },
  dropped: { enum: ['request', 'response', 'body', null] },
};

/**
 * `requests()` options: `operation_id` null for the requests no operation matched, `key_id` no key,
 * `dropped` no cut.
 */
export const requestsOptions = object(requestsOptionFields);

/**
 * The query of `GET /__mock/requests` (`operation_id=null`, `key_id=null`, `dropped=null` as
 * `requests()` takes null).
 */
export const requestsQuery: ReadonlyMap<string, ParameterInfo> = new Map(
  Object.entries({
    ...requestsFields,
    dropped: { enum: ['request', 'response', 'body', 'null'] },
  }).map(([name, schema]) => [name, { name, in: 'query', required: false, schema }]),
);

/** `clearRequests()` options: the filters of `requests()`, without `limit`. */
export const clearRequestsOptions = object(
  Object.fromEntries(Object.entries(requestsOptionFields).filter(([name]) => name !== 'limit')),
);

/** The query of `DELETE /__mock/requests`: the filters of its GET, without `limit`. */
export const clearRequestsQuery: ReadonlyMap<string, ParameterInfo> = new Map(
  [...requestsQuery].filter(([name]) => name !== 'limit'),
);

const rows: SchemaNode = {
  type: 'array',
  items: { type: 'object', required: ['id', '_ws'], properties: { id: string, _ws: string } },
};

/**
 * `PUT /__mock/state` and `importState()`: the fields `GET /__mock/state` writes, and no others
 * (`alerts` and any table may be absent); each record, and the references between them, are
 * checked by `importState` (store/check-snapshot.ts).
 */
export const snapshotShape = object(
  {
    version: { const: 1 },
    variant: { enum: ['A', 'B'] },
    health: healthStatus,
    seq: CREATION_NUMBER,
    workspaces: { type: 'array', items: { type: 'object' } },
    api_keys: { type: 'array', items: { type: 'object' } },
    alerts: { type: 'array', items: { type: 'object' } },
    tables: object(Object.fromEntries(TABLE_NAMES.map((name) => [name, rows]))),
  },
  ['version', 'variant', 'health', 'seq', 'workspaces', 'api_keys', 'tables'],
);
