/**
 * What each record of a state snapshot must be for `importState` to take it, as JSON Schemas checked
 * by the validator of the /v1 routes (so a snapshot is refused as a request body is: field, rule,
 * message). Every record is closed: a field the mock never writes is refused (rule `unknown`).
 */

import type { components } from '../generated/api-types.js';
import type { SchemaNode } from '../generated/operations.js';
import { schemas } from '../generated/schemas.js';
import { HEADER_TOKEN_MAX_LENGTH, HEADER_TOKEN_PATTERN } from '../http/header-token.js';
import { deref } from '../http/schema-validator.js';
import { resolveRef } from '../http/validate-request.js';
import type {
  AgentRow,
  AlertRecord,
  ApiKeyRecord,
  AppointmentRow,
  ChannelRow,
  ContactRow,
  ConversationRow,
  CustomFieldRow,
  DeliveryAttemptRow,
  DeliveryRow,
  McpLinkRow,
  McpServerRow,
  MessageRow,
  TrainingRow,
  WebhookRow,
  Workspace,
} from './records.js';
import type { Tables } from './state.js';

type S = components['schemas'];

/** The keys of T that may be absent. */
export type OptionalKeys<T> = {
  [K in keyof T]-?: object extends Pick<T, K> ? K : never;
}[keyof T];

/** One schema per field of T, no more, no fewer (the compiler holds the schema to the record type). */
export type FieldSchemas<T> = { [K in keyof T]-?: SchemaNode };

/** A closed object: every field of T, required unless listed as optional, and no other field. */
export function recordSchema<T>(
  properties: FieldSchemas<T>,
  optional: readonly OptionalKeys<T>[] = [],
): SchemaNode {
  const absent = new Set<PropertyKey>(optional);
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties).filter((key) => !absent.has(key)),
    properties,
  };
}

const propertiesOf = (name: string) =>
  (schemas[name] as { properties: Record<string, SchemaNode> }).properties;

/** A name, checked as the API checks its names (an agent's): 1 to 200 characters, not blank. */
export const NAME = propertiesOf('AgentCreate').name as SchemaNode;
/**
 * An API key string (`createApiKey`'s `key`, an imported key's): one an `x-api-key` header carries
 * as it is. Printable ASCII only: a header cannot hold a line break or a control character, and
 * other characters are not sent alike by every client. No space at either end: clients and
 * `authenticate` trim the header, so such a key could never authenticate. At most 1024 characters.
 */
export const API_KEY_STRING: SchemaNode = {
  type: 'string',
  minLength: 8,
  maxLength: HEADER_TOKEN_MAX_LENGTH,
  pattern: HEADER_TOKEN_PATTERN,
  'x-pattern-message':
    'must be printable ASCII (no control character, no line break) without a space at either end, as an x-api-key header carries it',
};

/**
 * A channel's widget key, as its embed script carries it in an HTML attribute and a widget in a URL:
 * letters, digits and `. _ ~ -` (the mock makes `wk_` and 32 hex digits), 1 to 200 of them.
 */
export const WIDGET_KEY: SchemaNode = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  pattern: '^[A-Za-z0-9._~-]+$',
  'x-pattern-message':
    'must be letters, digits and . _ ~ - only, as the embed script carries it in an HTML attribute',
};

const string: SchemaNode = { type: 'string' };
const uuid: SchemaNode = { type: 'string', format: 'uuid' };
const dateTime: SchemaNode = { type: 'string', format: 'date-time' };

/** A workspace, as `createWorkspace` makes it: its ids are UUIDs (`GET /v1/me` shows them). */
export const WORKSPACE = recordSchema<Workspace>({
  workspace_id: uuid,
  company_id: uuid,
  name: NAME,
});

/**
 * An API key, as `createApiKey` stores it. Checked after: the scopes are the variant's, and the
 * workspace is one of the snapshot's.
 */
export const API_KEY = recordSchema<ApiKeyRecord>({
  id: { type: 'string', minLength: 1 },
  key: API_KEY_STRING,
  name: NAME,
  workspace_id: string,
  company_id: uuid,
  scopes: { type: 'array', uniqueItems: true, items: string },
  created_at: dateTime,
  revoked_at: { type: ['string', 'null'], format: 'date-time' },
});

/** An alert e-mail of a failing Variant B webhook (`GET /__mock/alerts` lists them). */
export const ALERT = recordSchema<AlertRecord>({
  id: string,
  workspace_id: string,
  webhook_id: string,
  to: string,
  subject: string,
  body: string,
  sent_at: dateTime,
});

/**
 * A spec schema as a stored row must meet it: references resolved, and every object the spec leaves
 * open closed (a field it does not list would be served as it is, breaking the spec). Objects the
 * spec opens on purpose (`additionalProperties`: metadata, custom-field values, a tool's input
 * schema) stay open.
 */
function closed(node: SchemaNode, depth = 0): SchemaNode {
  if (depth > 32) throw new Error('spec schema nested too deep to close');
  const close = (inner: unknown) => closed(inner as SchemaNode, depth + 1);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(deref(node, resolveRef))) {
    if (key === 'properties') {
      const properties = value as Record<string, SchemaNode>;
      out[key] = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, close(v)]));
    } else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') {
      out[key] = (value as SchemaNode[]).map(close);
    } else if (
      (key === 'items' || key === 'additionalProperties') &&
      typeof value === 'object' &&
      value !== null
    ) {
      out[key] = close(value);
    } else out[key] = value;
  }
  const object = out.type === 'object' || (Array.isArray(out.type) && out.type.includes('object'));
  if (object && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

type ObjectSchema = { properties: Record<string, SchemaNode>; required: string[] };
const closedSpecs = new Map<keyof S, ObjectSchema>();
/** A spec schema of an object, closed (once). */
function spec(name: keyof S): ObjectSchema {
  let found = closedSpecs.get(name);
  if (!found) {
    found = closed(schemas[name] as SchemaNode) as unknown as ObjectSchema;
    closedSpecs.set(name, found);
  }
  return found;
}

/** The schema of one property of a spec schema (closed). */
function field(name: keyof S, property: string): SchemaNode {
  const found = spec(name).properties[property];
  if (!found) throw new Error(`${name} has no property ${property}`);
  return found;
}

/** The row's fields the spec schema lacks (the internal `_` ones): exactly those. */
type Added<Row, Name extends keyof S> = FieldSchemas<Omit<Row, keyof S[Name]>>;
/** The spec schema's fields the row lacks (its view computes them): exactly those. */
type Dropped<Row, Name extends keyof S> = Record<Exclude<keyof S[Name], keyof Row>, true>;

/**
 * A stored row of a resource: the spec's schema of the resource (closed), less the fields its view
 * computes, plus its internal fields; the compiler holds `added` and `dropped` to the row type.
 */
function rowSchema<Row>() {
  return <Name extends keyof S>(
    name: Name,
    added: Added<Row, Name>,
    dropped: Dropped<Row, Name>,
    optional: readonly OptionalKeys<Row>[] = [],
  ): SchemaNode => {
    const base = spec(name);
    const gone = new Set(Object.keys(dropped));
    const absent = new Set<PropertyKey>(optional);
    const properties: Record<string, SchemaNode> = {};
    for (const [key, schema] of Object.entries(base.properties))
      if (!gone.has(key)) properties[key] = schema;
    Object.assign(properties, added);
    return {
      type: 'object',
      additionalProperties: false,
      required: [
        ...base.required.filter((key) => !gone.has(key)),
        ...Object.keys(added).filter((key) => !absent.has(key)),
      ],
      properties,
    };
  };
}

/** A simulated MCP tool's name, as `setMcpServer` takes it (the name a tool route's path holds). */
export const MCP_TOOL_NAME: SchemaNode = { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,128}$' };

/**
 * A creation number (a snapshot's `seq`, a row's `_seq`): a safe integer, as every number the
 * sequence gives is (it stops there: `nextSeq`), so that a state it exported imports again; past
 * 2^53 adding 1 no longer counts, and every row made after the import had the same number.
 */
export const CREATION_NUMBER: SchemaNode = {
  type: 'integer',
  minimum: 0,
  maximum: Number.MAX_SAFE_INTEGER,
};

/** `_ws`: a workspace of the snapshot (checked with the references). */
const meta = { _ws: string, _seq: CREATION_NUMBER } as const;
const boolean: SchemaNode = { type: 'boolean' };
const secret: SchemaNode = { type: 'string', minLength: 1 };

/**
 * A stored attempt: the spec's, and what it kept of the headers it sent, each optional, as a state
 * exported before attempts kept them has neither (its attempts show `headers: null`).
 */
export const DELIVERY_ATTEMPT: SchemaNode = {
  ...rowSchema<DeliveryAttemptRow>()(
    'WebhookDeliveryAttempt',
    {
      _signature: {
        type: 'string',
        pattern: '^sha256=[0-9a-f]{64}$',
        'x-pattern-message': 'must be sha256= and 64 lower-case hex digits, as the mock signs',
      },
      _authorization: { const: true },
    },
    {},
    ['_signature', '_authorization'],
  ),
  // An attempt that sent an Authorization sent a signature too: alone, it could show no headers.
  if: { required: ['_authorization'] },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, never awaited
  then: {
    required: ['_signature'],
    'x-message': 'is required beside _authorization: an attempt that sent one was signed',
  },
};

/** A delivery's schema whose attempts are stored ones (DELIVERY_ATTEMPT), not the spec's alone. */
function withAttempts(delivery: SchemaNode): SchemaNode {
  const { properties } = delivery as { properties: Record<string, SchemaNode> };
  return {
    ...delivery,
    properties: { ...properties, attempts: { type: 'array', items: DELIVERY_ATTEMPT } },
  };
}

/** The rows of each table, as the mock stores them (records.ts). */
export const ROW_SCHEMAS: { readonly [K in keyof Tables]: SchemaNode } = {
  agents: rowSchema<AgentRow>()('Agent', meta, {}),
  trainings: rowSchema<TrainingRow>()('Training', meta, {}),
  channels: rowSchema<ChannelRow>()(
    'Channel',
    {
      ...meta,
      _settings: recordSchema<ChannelRow['_settings']>({
        welcome_message: field('ChannelSettings', 'welcome_message'),
        away_message: field('ChannelSettings', 'away_message'),
        language: field('ChannelSettings', 'language'),
        business_hours: field('ChannelSettings', 'business_hours'),
        updated_at: field('ChannelSettings', 'updated_at'),
      }),
      _widget_key: WIDGET_KEY,
    },
    {},
  ),
  contacts: rowSchema<ContactRow>()('Contact', meta, {}),
  customFields: rowSchema<CustomFieldRow>()('CustomField', meta, {}),
  webhooks: rowSchema<WebhookRow>()(
    'Webhook',
    {
      ...meta,
      _secret: secret,
      _previous_secret: secret,
      _previous_until: { type: 'number' },
      _consecutive_failures: { type: 'integer', minimum: 0 },
    },
    {},
    ['_previous_secret', '_previous_until'],
  ),
  // The chat's fields, as the chat view shows them; the conversation's status derives from them.
  conversations: rowSchema<ConversationRow>()(
    'Conversation',
    {
      ...meta,
      _chat_status: field('Chat', 'status'),
      _assigned_to: field('Chat', 'assigned_to'),
      _human_started_at: field('Chat', 'human_started_at'),
      _channel_deleted: { type: 'boolean' },
    },
    { status: true },
    ['_channel_deleted'],
  ),
  // One record, two views: each field as the view that shows it says.
  messages: recordSchema<MessageRow>({
    id: field('ConversationMessage', 'id'),
    conversation_id: field('ConversationMessage', 'conversation_id'),
    content: field('ConversationMessage', 'content'),
    sender: field('ConversationMessage', 'sender_type'),
    sender_id: field('ChatMessage', 'sender_id'),
    type: field('ChatMessage', 'type'),
    media_url: field('ConversationMessage', 'media_url'),
    media_type: field('ConversationMessage', 'media_type'),
    status: field('ChatMessage', 'status'),
    is_edited: field('ConversationMessage', 'is_edited'),
    created_at: dateTime,
    updated_at: dateTime,
    ...meta,
  }),
  // The status and the tools' count are computed by the view.
  mcpServers: rowSchema<McpServerRow>()(
    'McpServer',
    {
      ...meta,
      _headers: closed(schemas.McpServerHeaders as SchemaNode),
      _tools: { type: 'array', items: withToolName(closed(schemas.McpTool as SchemaNode)) },
      _error: boolean,
    },
    { status: true, tools_count: true },
  ),
  mcpLinks: recordSchema<McpLinkRow>({
    id: uuid,
    agent_id: uuid,
    mcp_id: field('McpLink', 'mcp_id'),
    created_at: dateTime,
    ...meta,
  }),
  appointments: rowSchema<AppointmentRow>()('Appointment', meta, {}),
  deliveries: withAttempts(
    rowSchema<DeliveryRow>()('WebhookDelivery', { ...meta, _body: string, _test: boolean }, {}),
  ),
};

/** A stored tool's schema with the name rule of the tools `setMcpServer` takes. */
function withToolName(tool: SchemaNode): SchemaNode {
  const properties = tool.properties as Record<string, SchemaNode>;
  return { ...tool, properties: { ...properties, name: MCP_TOOL_NAME } };
}
