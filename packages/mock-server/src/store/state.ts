import { fieldDetail } from '../errors.js';
import { UUID } from '../http/schema-rules.js';
import { canonicalId, canonicalIds } from './canonical-id.js';
import { canonicalTimes } from './canonical-time.js';
import { checkSnapshot, InvalidSnapshot } from './check-snapshot.js';
import type {
  AgentRow,
  AlertRecord,
  ApiKeyRecord,
  AppointmentRow,
  ChannelRow,
  ContactRow,
  ConversationRow,
  CustomFieldRow,
  DeliveryRow,
  McpLinkRow,
  McpServerRow,
  MessageRow,
  TrainingRow,
  Variant,
  WebhookRow,
  Workspace,
} from './records.js';
import type { RequestRuleOptions } from './request-rules.js';
import { Table } from './table.js';
import { uncloneableAt } from './uncloneable-at.js';

export { InvalidSnapshot } from './check-snapshot.js';

/** The service's health, as GET /v1/health reports it. */
export type HealthStatus = 'ok' | 'maintenance' | 'degraded';

/** Every table of the mock, each holding the rows of all workspaces. */
export interface Tables {
  /** Agents, in the API's shape. */
  agents: Table<AgentRow>;
  /** Trainings, each naming its agent. */
  trainings: Table<TrainingRow>;
  /** Channels, with their settings (`_settings`) and widget key (`_widget_key`). */
  channels: Table<ChannelRow>;
  /** Contacts, with their custom field values. */
  contacts: Table<ContactRow>;
  /** Custom field definitions, archived ones included. */
  customFields: Table<CustomFieldRow>;
  /** Webhooks, with their secret (`_secret`, and during a rotation `_previous_secret`) and failures in a row. */
  webhooks: Table<WebhookRow>;
  /** Conversations; each one's chat (same id) is in its `_chat_status` and other `_` fields. */
  conversations: Table<ConversationRow>;
  /** Messages: one row each, shown as a conversation message and as a chat message; by conversation. */
  messages: Table<MessageRow>;
  /** MCP servers, with the headers sent to them and their simulated tools (`_tools`). */
  mcpServers: Table<McpServerRow>;
  /** Which agent uses which MCP server: `agent_id` and `mcp_id`. */
  mcpLinks: Table<McpLinkRow>;
  /** Appointments, in the API's shape, cancelled and completed ones included. */
  appointments: Table<AppointmentRow>;
  /** Webhook deliveries, pending and finished, with their attempts and the exact body sent; by webhook. */
  deliveries: Table<DeliveryRow>;
}

/** The whole in-memory state of a mock server. */
export interface State {
  readonly variant: Variant;
  health: HealthStatus;
  /** Creation sequence shared by every table. */
  seq: number;
  workspaces: Map<string, Workspace>;
  apiKeys: Map<string, ApiKeyRecord>;
  /** key string -> key id; derived from apiKeys. */
  keyIndex: Map<string, string>;
  tables: Tables;
  /** Alert e-mails recorded for failing Variant B webhooks, oldest first. */
  alerts: AlertRecord[];
  /**
   * Ids that did not come from the id sequence: every UUID of the last imported snapshot, and the
   * ids given to `createWorkspace`. A new id is none of them (see `idInUse`).
   */
  reservedIds: Set<string>;
}

/** The state as JSON, for `exportState()` / `importState()` and `GET|PUT /__mock/state`. */
export interface StateSnapshot {
  /** The snapshot format; 1 is the only one. */
  version: 1;
  /** The variant of the server that exported it; only a server of that variant imports it. */
  variant: Variant;
  /** What `GET /v1/health` reports; `maintenance` makes every other operation answer 503. */
  health: HealthStatus;
  /**
   * The last creation number given out: rows created after the import continue from it, or from the
   * largest `_seq` of its rows when that is larger.
   */
  seq: number;
  /** Every workspace, with its company id and name. */
  workspaces: Workspace[];
  /** Every API key, its key string, scopes and `revoked_at` included. */
  api_keys: ApiKeyRecord[];
  /** Alert e-mails recorded for failing Variant B webhooks, oldest first (may be absent on import). */
  alerts: AlertRecord[];
  /**
   * The rows of each table, all workspaces together: the API's fields and the mock's own `_` fields
   * (`_ws`, the row's workspace). A table may be absent on import.
   */
  tables: { [K in keyof Tables]: ReturnType<Tables[K]['all']> };
}

/** The tables of the state, as a snapshot names them. */
export const TABLE_NAMES = [
  'agents',
  'trainings',
  'channels',
  'contacts',
  'customFields',
  'webhooks',
  'conversations',
  'messages',
  'mcpServers',
  'mcpLinks',
  'appointments',
  'deliveries',
] as const;

/**
 * The next creation number. It stops at the largest safe integer, where adding 1 no longer counts
 * (only a hand-written state's `seq` gets near it): a row numbered as another would sort with it.
 */
export function nextSeq(state: State): number {
  if (state.seq >= Number.MAX_SAFE_INTEGER) {
    throw new Error(
      `creation numbers are used up: seq is ${state.seq}, the largest safe integer; import a state with a smaller seq`,
    );
  }
  return ++state.seq;
}

/** An empty state for a variant. */
export function createState(variant: Variant): State {
  return {
    variant,
    health: 'ok',
    seq: 0,
    workspaces: new Map(),
    apiKeys: new Map(),
    keyIndex: new Map(),
    tables: {
      agents: new Table({ immutable: true }),
      trainings: new Table({ immutable: true }),
      channels: new Table({ immutable: true }),
      contacts: new Table({ immutable: true }),
      customFields: new Table({ immutable: true }),
      webhooks: new Table(),
      conversations: new Table(),
      messages: new Table({ parent: 'conversation_id' }),
      mcpServers: new Table(),
      mcpLinks: new Table(),
      appointments: new Table(),
      deliveries: new Table({ parent: 'webhook_id' }),
    },
    alerts: [],
    reservedIds: new Set(),
  };
}

/** Empties every table, workspace and key. */
export function clearState(state: State): void {
  state.health = 'ok';
  state.seq = 0;
  state.workspaces.clear();
  state.apiKeys.clear();
  state.keyIndex.clear();
  for (const name of TABLE_NAMES) state.tables[name].clear();
  state.alerts = [];
  state.reservedIds = new Set();
}

/**
 * Whether a new id would clash with one the state holds: the id of a row of any table, of a
 * workspace or of an API key, or a reserved id (any UUID of the imported snapshot: company, event
 * and alert ids, references). A seeded sequence gives the ids of a state it made again, after the
 * import of that state: the mock skips them.
 */
export function idInUse(state: State, id: string): boolean {
  if (state.reservedIds.has(canonicalId(id))) return true;
  if (state.workspaces.has(id) || state.apiKeys.has(id)) return true;
  for (const name of TABLE_NAMES) if (state.tables[name].find(id)) return true;
  return false;
}

/** Adds every UUID in a snapshot (ids and the references to them, in any field) to `ids`. */
function collectUuids(value: unknown, ids: Set<string>): void {
  if (typeof value === 'string') {
    if (UUID.test(value)) ids.add(value.toLowerCase());
  } else if (Array.isArray(value)) {
    for (const item of value) collectUuids(item, ids);
  } else if (typeof value === 'object' && value !== null) {
    for (const key in value) collectUuids((value as Record<string, unknown>)[key], ids);
  }
}

/** A deep copy of the state as plain JSON. */
export function exportState(state: State): StateSnapshot {
  return structuredClone(stateView(state));
}

/**
 * The state as `exportState` copies it, sharing the live rows: to serialise at once (GET
 * /__mock/state), never to keep or change. Its JSON is the copy's, without the copy's cost.
 */
export function stateView(state: State): Readonly<StateSnapshot> {
  const tables = Object.fromEntries(TABLE_NAMES.map((name) => [name, state.tables[name].all()]));
  return {
    version: 1,
    variant: state.variant,
    health: state.health,
    seq: state.seq,
    workspaces: [...state.workspaces.values()],
    api_keys: [...state.apiKeys.values()],
    alerts: state.alerts,
    tables: tables as StateSnapshot['tables'],
  };
}

/**
 * Replaces the state with a snapshot whose shape `snapshotShape` has passed (the controller checks
 * it first). Every record is checked first (`checkSnapshot`): one the mock could not have made, or
 * that would fail a later request, throws InvalidSnapshot naming each problem, and the state is
 * left as it was.
 */
export function importState(
  state: State,
  input: unknown,
  options: RequestRuleOptions = { requireHttps: false },
): void {
  // Ids in lower case, as /v1 reads them: an upper-case id in a hand-written snapshot stays reachable.
  // Times in UTC with milliseconds, as the API answers them: lists order rows by that text.
  const canonical = <T extends object>(record: T): T => canonicalTimes(canonicalIds(record));
  const copy = cloned(input);
  copy.workspaces = copy.workspaces.map(canonicalIds);
  copy.api_keys = copy.api_keys.map(canonical);
  for (const name of TABLE_NAMES) {
    const rows = copy.tables[name];
    if (rows) (copy.tables as Record<string, object[]>)[name] = rows.map(canonical);
  }
  copy.alerts = copy.alerts?.map(canonical);
  checkSnapshot(copy, state.variant, options);
  clearState(state);
  state.health = copy.health;
  // Rows made after the import come after every imported one, also when a hand-written file's `seq`
  // is behind its rows' `_seq`: a new message would otherwise sort before older ones of its chat
  // (same `created_at`, a smaller `_seq`).
  state.seq = copy.seq;
  for (const name of TABLE_NAMES) {
    for (const row of copy.tables[name] ?? []) state.seq = Math.max(state.seq, row._seq);
  }
  for (const ws of copy.workspaces) state.workspaces.set(ws.workspace_id, ws);
  for (const key of copy.api_keys) {
    state.apiKeys.set(key.id, key);
    state.keyIndex.set(key.key, key.id);
  }
  for (const name of TABLE_NAMES) {
    (state.tables[name] as Table<never>).load((copy.tables[name] ?? []) as never[]);
  }
  state.alerts = copy.alerts ?? [];
  collectUuids(copy, state.reservedIds);
}

/**
 * A copy of a snapshot to import; InvalidSnapshot naming the field of a function or a symbol, which
 * an in-process value may hold (structuredClone's own error names neither field nor rule).
 */
function cloned(input: unknown): StateSnapshot {
  try {
    return structuredClone(input) as StateSnapshot;
  } catch (error) {
    const at = uncloneableAt(input);
    if (at === undefined) throw error;
    throw new InvalidSnapshot([
      fieldDetail(at.path, 'type', `must be a JSON value, not a ${at.kind}`),
    ]);
  }
}
