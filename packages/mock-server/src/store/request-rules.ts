/**
 * The rules a create or update request applies to a stored field that the resource's own schema
 * does not state: http or https only, no credentials in an MCP server's URL, lengths, names not
 * blank, an E.164 phone. A row that breaks one holds a value the API never stores, so that a state
 * import refuses it, as the request would have been.
 */

import { handoffIssues } from '../domain/chat-state.js';
import {
  businessHoursIssues,
  contactKeepsOneIssues,
  endsAtIssues,
  headerNameIssues,
  optionIssues,
  toolNameIssues,
  webhookUrlIssues,
} from '../domain/value-rules.js';
import type { ErrorDetail } from '../errors.js';
import type { SchemaNode } from '../generated/operations.js';
import { schemas } from '../generated/schemas.js';
import { deref } from '../http/schema-validator.js';
import { resolveRef } from '../http/validate-request.js';
import type { Tables } from './state.js';

/**
 * A request schema's rule for one property, null allowed: whether a field may be null is the row
 * schema's to say (a text training has no `url`, a contact may have no `email`).
 */
function rule(schema: keyof typeof schemas, property: string): SchemaNode {
  type Holder = { properties?: Record<string, SchemaNode>; allOf?: Holder[] };
  const top = schemas[schema] as Holder;
  // ContactCreate holds its fields in an allOf branch, beside its at-least-one-of rule.
  const found = [top, ...(top.allOf ?? [])].find((n) => n.properties?.[property])?.properties?.[
    property
  ];
  if (!found) throw new Error(`${schema} has no property ${property}`);
  const node = deref(found, resolveRef);
  const { type, default: _default, ...rest } = node;
  if (typeof type === 'string') return { ...rest, type: [type, 'null'] };
  if (Array.isArray(type) && !type.includes('null')) return { ...rest, type: [...type, 'null'] };
  return { ...rest, type };
}

/** The rules of these properties of one request schema. */
const rules = (schema: keyof typeof schemas, properties: string[]) =>
  Object.fromEntries(properties.map((property) => [property, rule(schema, property)]));

/**
 * For each table, the rules of the fields its create (or update) request sets, by field. The create
 * and update requests of each resource hold the same rules for a field (request-rules.test.ts).
 * Not here: a message's `content` (a customer's, a person's and the AI's have different limits, and
 * a media message's may be empty); what the row schema already holds to the request's rules (an
 * MCP server's `_headers`, a conversation's `metadata`).
 */
export const REQUEST_RULES: { readonly [K in keyof Tables]?: Record<string, SchemaNode> } = {
  agents: rules('AgentCreate', [
    'name',
    'description',
    'avatar_url',
    'model',
    'temperature',
    'instructions',
  ]),
  trainings: {
    ...rules('TrainingCreateText', ['title', 'content']),
    ...rules('TrainingCreateUrl', ['url']),
  },
  channels: {
    ...rules('ChannelCreate', ['name']),
    _settings: {
      type: 'object',
      properties: rules('ChannelSettingsUpdate', ['welcome_message', 'away_message', 'language']),
    },
  },
  contacts: rules('ContactCreate', ['name', 'email', 'phone']),
  customFields: {
    ...rules('CustomFieldCreate', ['name', 'description']),
    // The fields of the other types store no options: `[]`.
    options: { ...rule('CustomFieldCreate', 'options'), minItems: 0 },
  },
  webhooks: rules('WebhookCreate', ['url', 'events', 'description']),
  messages: rules('ChatMessageCreate', ['media_url']),
  mcpServers: rules('McpServerCreate', ['name', 'url']),
  appointments: rules('AppointmentCreate', ['title', 'notes']),
};

/** What the server's options add to the rules: a server that requires HTTPS stores no http webhook. */
export interface RequestRuleOptions {
  requireHttps: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: a row is any JSON until its schema has passed.
type Row = Record<string, any>;

/**
 * The rules of a request that no schema says, for a row its schemas have passed (`at` is its path):
 * the domain's own checks (domain/value-rules.ts), with its rules and messages.
 */
export const ROW_RULES: {
  readonly [K in keyof Tables]?: (
    row: Row,
    at: string,
    options: RequestRuleOptions,
  ) => ErrorDetail[];
} = {
  channels: (row, at) =>
    businessHoursIssues(row._settings.business_hours, `${at}._settings.business_hours`),
  contacts: (row, at) => contactKeepsOneIssues(row as never, at),
  conversations: (row, at) => handoffIssues(row as never, at),
  webhooks: (row, at, { requireHttps }) => webhookUrlIssues(row.url, requireHttps, `${at}.url`),
  mcpServers: (row, at) => [
    ...headerNameIssues(row._headers, `${at}._headers`),
    ...toolNameIssues(row._tools, `${at}._tools`),
  ],
  appointments: (row, at) => endsAtIssues(row.starts_at, row.ends_at, `${at}.ends_at`),
  customFields: (row, at) => optionIssues(row.options, `${at}.options`),
};
