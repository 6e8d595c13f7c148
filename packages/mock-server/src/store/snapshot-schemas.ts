/**
 * What each record of a state snapshot must be for `importState` to take it, as JSON Schemas checked
 * by the validator of the /v1 routes (so a snapshot is refused as a request body is: field, rule,
 * message). Every record is closed: a field the mock never writes is refused (rule `unknown`).
 */

import type { SchemaNode } from '../generated/operations.js';
import { schemas } from '../generated/schemas.js';
import type { AlertRecord, ApiKeyRecord, Workspace } from './records.js';

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
/** An API key string (`createApiKey`'s `key`). */
export const API_KEY_STRING: SchemaNode = { type: 'string', minLength: 8 };

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
