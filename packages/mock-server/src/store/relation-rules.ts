/**
 * The rules between the rows of a snapshot that the API keeps and no row's schema can say: a row
 * names records of its own workspace that exist (a training its agent, a message its conversation),
 * a custom field's name is its workspace's only one, a contact's custom values are kept under the
 * names of its workspace's fields and with their types. A hand-written seed with a mistyped id
 * would otherwise import a record that no list shows, or one that names a record that 404s.
 */

import { HUMAN_MESSAGE_MAX } from '../domain/conversations.js';
import { heldBytesProblem, typeProblems } from '../domain/custom-field-values.js';
import { SELECT_TYPES } from '../domain/custom-fields.js';
import { nameKey } from '../domain/value-rules.js';
import { type ErrorDetail, fieldDetail } from '../errors.js';
import { keyPath } from '../key-path.js';
import type { CustomFieldRow } from './records.js';
import type { StateSnapshot, Tables } from './state.js';

// biome-ignore lint/suspicious/noExplicitAny: a row is any JSON until its schema has passed.
type Row = Record<string, any>;

/** One field of a row that holds the id of another table's row. */
interface Reference {
  field: string;
  table: keyof Tables;
  /** What the other table holds, for the message. */
  noun: string;
  /**
   * Whether the row may still name a record that is gone: the API leaves a conversation's and an
   * appointment's `agent_id` as they were when the agent is deleted, and a delivery that is over
   * its webhook's id. Another workspace's record is refused all the same.
   */
  outlives?: (row: Row) => boolean;
  /** Whether the field names this table's record in this row (a message's sender is one of three). */
  applies?: (row: Row) => boolean;
}

const always = () => true;

/** The references of each table's rows (a null one names nothing: the row's schema says where null is allowed). */
const REFERENCES: { readonly [K in keyof Tables]?: readonly Reference[] } = {
  trainings: [{ field: 'agent_id', table: 'agents', noun: 'agent' }],
  channels: [{ field: 'agent_id', table: 'agents', noun: 'agent' }],
  conversations: [
    { field: 'agent_id', table: 'agents', noun: 'agent', outlives: always },
    { field: 'channel_id', table: 'channels', noun: 'channel' },
    { field: 'contact_id', table: 'contacts', noun: 'contact' },
  ],
  messages: [
    { field: 'conversation_id', table: 'conversations', noun: 'conversation' },
    // The AI's answer keeps the id of an agent deleted since, or of the one before a transfer.
    {
      field: 'sender_id',
      table: 'agents',
      noun: 'agent',
      outlives: always,
      applies: (row) => row.sender === 'agent',
    },
  ],
  mcpLinks: [
    { field: 'agent_id', table: 'agents', noun: 'agent' },
    { field: 'mcp_id', table: 'mcpServers', noun: 'MCP server' },
  ],
  appointments: [
    { field: 'contact_id', table: 'contacts', noun: 'contact' },
    { field: 'agent_id', table: 'agents', noun: 'agent', outlives: always },
  ],
  // A pending delivery of a deleted webhook would have failed with it (`webhook_deleted`).
  deliveries: [
    {
      field: 'webhook_id',
      table: 'webhooks',
      noun: 'webhook',
      outlives: (row) => row.status !== 'pending',
    },
  ],
};

/**
 * The relation rules of a snapshot's rows: a function of a row (of `table`, at path `at`) to its
 * problems, once every row has passed its own rules. Its indexes are built once, from the snapshot.
 */
export function relationRules(
  s: StateSnapshot,
): (table: keyof Tables, row: Row, at: string) => ErrorDetail[] {
  // Each table's rows by id: their workspace, and their path for a repeat's message.
  const where = new Map<keyof Tables, Map<string, string>>();
  for (const name of Object.keys(REFERENCES) as (keyof Tables)[]) {
    for (const ref of REFERENCES[name] ?? []) {
      if (where.has(ref.table)) continue;
      const ids = new Map<string, string>();
      for (const row of (s.tables[ref.table] ?? []) as Row[]) {
        if (typeof row.id === 'string' && typeof row._ws === 'string') ids.set(row.id, row._ws);
      }
      where.set(ref.table, ids);
    }
  }
  // Each workspace's custom fields, by name (the first with a name: a repeat is refused anyway).
  const fields = new Map<string, Row>();
  for (const field of (s.tables.customFields ?? []) as Row[]) {
    const key = `${field._ws}\n${field.name}`;
    if (!fields.has(key)) fields.set(key, field);
  }
  // Each conversation's contact, where it has one that exists: a customer's message is written by
  // it (deleting the contact leaves its id on the messages and null on the conversation; a missing
  // one is the conversation's problem, reported once).
  const contactOf = new Map<unknown, unknown>();
  const contacts = where.get('contacts');
  for (const c of (s.tables.conversations ?? []) as Row[]) {
    if (contacts?.has(c.contact_id)) contactOf.set(c.id, c.contact_id);
  }
  // Webhooks turned off: deactivating one fails its pending deliveries, so none of its is pending.
  const inactive = new Set<unknown>();
  for (const hook of (s.tables.webhooks ?? []) as Row[])
    if (hook.active === false) inactive.add(hook.id);
  const seen = new Map<string, string>();
  /** A repeat of `key` (within its kind) names the row that had it first. */
  const once = (key: string, at: string, field: string, text: string): ErrorDetail[] => {
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, at);
      return [];
    }
    return [fieldDetail(`${at}.${field}`, 'unique', `${text} ${first}`)];
  };

  return (table, row, at) => {
    const issues: ErrorDetail[] = [];
    for (const ref of REFERENCES[table] ?? []) {
      const id = row[ref.field];
      if (typeof id !== 'string' || ref.applies?.(row) === false) continue;
      const ws = where.get(ref.table)?.get(id);
      if (ws === undefined) {
        if (!ref.outlives?.(row)) {
          issues.push(fieldDetail(`${at}.${ref.field}`, 'exists', `no ${ref.noun} has this id`));
        }
      } else if (ws !== row._ws) {
        issues.push(
          fieldDetail(
            `${at}.${ref.field}`,
            'exists',
            `is the id of another workspace's ${ref.noun}`,
          ),
        );
      }
    }
    if (table === 'mcpLinks') {
      const text = 'links the same agent and MCP server as';
      issues.push(...once(`link\n${row._ws}\n${row.agent_id}\n${row.mcp_id}`, at, 'mcp_id', text));
    }
    if (table === 'conversations' && row._channel_deleted === true && row.channel_id !== null) {
      const text = 'a conversation whose channel was deleted has channel_id null';
      issues.push(fieldDetail(`${at}._channel_deleted`, 'invalid', text));
    }
    if (table === 'trainings') issues.push(...trainingIssues(row, at));
    // A test delivery goes to an inactive webhook too (pending while its one attempt is in flight).
    if (
      table === 'deliveries' &&
      row.status === 'pending' &&
      row._test !== true &&
      inactive.has(row.webhook_id)
    ) {
      const text =
        'a delivery of an inactive webhook is not pending: deactivating a webhook fails its pending deliveries (error webhook_deactivated)';
      issues.push(fieldDetail(`${at}.status`, 'invalid', text));
    }
    if (
      table === 'messages' &&
      row.sender === 'customer' &&
      contactOf.has(row.conversation_id) &&
      row.sender_id !== contactOf.get(row.conversation_id)
    ) {
      const text = "a customer's message has its conversation's contact_id as its sender_id";
      issues.push(fieldDetail(`${at}.sender_id`, 'invalid', text));
    }
    // A customer's may be longer (the control API's inbound messages have no limit), the AI's too.
    if (table === 'messages' && row.sender === 'human') {
      if ([...row.content].length > HUMAN_MESSAGE_MAX) {
        const text = `a human agent's message has at most ${HUMAN_MESSAGE_MAX} characters, as a chat message`;
        issues.push(fieldDetail(`${at}.content`, 'maxLength', text));
      }
    }
    if (table === 'customFields') {
      const text = 'is also the name of a custom field of its workspace:';
      issues.push(...once(`field\n${row._ws}\n${nameKey(row.name)}`, at, 'name', text));
      const select = SELECT_TYPES.has(row.type);
      if (select !== row.options.length > 0) {
        const [rule, text] = select
          ? ['minItems', `a ${row.type} field has at least one option`]
          : ['maxItems', `a ${row.type} field has no options: []`];
        issues.push(fieldDetail(`${at}.options`, rule, text));
      }
    }
    if (table === 'contacts') {
      const tooMany = heldBytesProblem(row.custom_fields as Row, 'remove some of its values');
      if (tooMany) issues.push(fieldDetail(`${at}.custom_fields`, 'maxBytes', tooMany));
      for (const [name, value] of Object.entries(row.custom_fields as Row)) {
        const field = fields.get(`${row._ws}\n${name}`);
        const path = keyPath(`${at}.custom_fields`, name);
        if (!field)
          issues.push(
            fieldDetail(path, 'exists', 'no custom field of its workspace has this name'),
          );
        else {
          // Not whether a select value is an option: removing an option leaves the values that had it.
          for (const [rule, text, item] of typeProblems(field as CustomFieldRow, value))
            if (rule !== 'enum') issues.push(fieldDetail(`${path}${item}`, rule, text));
        }
      }
    }
    return issues;
  };
}

/**
 * A training holds what its type takes, as the API stores it: a `text` one its `content` and no
 * `url`, a `url` or `document` one its `url` and no `content`.
 */
function trainingIssues(row: Row, at: string): ErrorDetail[] {
  const text = row.type === 'text';
  const [kept, dropped] = text ? ['content', 'url'] : ['url', 'content'];
  const issues: ErrorDetail[] = [];
  if (row[kept] === null) {
    issues.push(fieldDetail(`${at}.${kept}`, 'required', `a ${row.type} training has its ${kept}`));
  }
  if (row[dropped] !== null) {
    issues.push(
      fieldDetail(`${at}.${dropped}`, 'invalid', `a ${row.type} training has ${dropped} null`),
    );
  }
  return issues;
}
