import { canonicalIds } from './canonical-id.js';
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
import { Table } from './table.js';

/** The service's health, as GET /v1/health reports it. */
export type HealthStatus = 'ok' | 'maintenance' | 'degraded';

/** Every table of the mock, each holding the rows of all workspaces. */
export interface Tables {
  agents: Table<AgentRow>;
  trainings: Table<TrainingRow>;
  channels: Table<ChannelRow>;
  contacts: Table<ContactRow>;
  customFields: Table<CustomFieldRow>;
  webhooks: Table<WebhookRow>;
  conversations: Table<ConversationRow>;
  messages: Table<MessageRow>;
  mcpServers: Table<McpServerRow>;
  mcpLinks: Table<McpLinkRow>;
  appointments: Table<AppointmentRow>;
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
}

/** The state as JSON, for `exportState()` / `importState()` and `GET|PUT /__mock/state`. */
export interface StateSnapshot {
  version: 1;
  variant: Variant;
  health: HealthStatus;
  seq: number;
  workspaces: Workspace[];
  api_keys: ApiKeyRecord[];
  alerts: AlertRecord[];
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
      messages: new Table(),
      mcpServers: new Table(),
      mcpLinks: new Table(),
      appointments: new Table(),
      deliveries: new Table(),
    },
    alerts: [],
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
}

/** A deep copy of the state as plain JSON. */
export function exportState(state: State): StateSnapshot {
  const tables = Object.fromEntries(TABLE_NAMES.map((name) => [name, state.tables[name].all()]));
  return structuredClone({
    version: 1,
    variant: state.variant,
    health: state.health,
    seq: state.seq,
    workspaces: [...state.workspaces.values()],
    api_keys: [...state.apiKeys.values()],
    alerts: state.alerts,
    tables: tables as StateSnapshot['tables'],
  });
}

/** What is wrong with a snapshot, and where: `field` is its path in the snapshot. */
export class InvalidSnapshot extends TypeError {
  constructor(
    readonly field: string,
    readonly detail: string,
  ) {
    super(`state: ${field}: ${detail}`);
  }
}

/**
 * Replaces the state with a snapshot whose shape `snapshotShape` has passed (the controller checks
 * it first); throws InvalidSnapshot for what a shape cannot say (the variant, references between
 * rows), and leaves the state as it was when it does.
 */
export function importState(state: State, input: unknown): void {
  // Ids in lower case, as /v1 reads them: an upper-case id in a hand-written snapshot stays reachable.
  const copy = structuredClone(input) as StateSnapshot;
  copy.workspaces = copy.workspaces.map(canonicalIds);
  copy.api_keys = copy.api_keys.map(canonicalIds);
  for (const name of TABLE_NAMES) {
    const rows = copy.tables[name];
    if (rows) (copy.tables as Record<string, object[]>)[name] = rows.map(canonicalIds);
  }
  copy.alerts = copy.alerts?.map(canonicalIds);
  checkSnapshot(copy, state.variant);
  clearState(state);
  state.health = copy.health;
  state.seq = copy.seq;
  for (const ws of copy.workspaces) state.workspaces.set(ws.workspace_id, ws);
  for (const key of copy.api_keys) {
    state.apiKeys.set(key.id, key);
    state.keyIndex.set(key.key, key.id);
  }
  for (const name of TABLE_NAMES) {
    (state.tables[name] as Table<never>).load((copy.tables[name] ?? []) as never[]);
  }
  state.alerts = copy.alerts ?? [];
}

function checkSnapshot(input: unknown, variant: Variant): StateSnapshot {
  const fail = (field: string, detail: string): never => {
    throw new InvalidSnapshot(field, detail);
  };
  const s = input as StateSnapshot;
  if (s.variant !== variant) fail('variant', `must be "${variant}", the variant this server runs`);
  const workspaces = new Set(s.workspaces.map((w) => w?.workspace_id));
  for (const [i, key] of s.api_keys.entries()) {
    if (typeof key.key !== 'string' || typeof key.id !== 'string')
      fail(`api_keys[${i}]`, 'needs id and key');
    if (!workspaces.has(key.workspace_id)) fail(`api_keys[${i}].workspace_id`, 'no such workspace');
  }
  for (const name of TABLE_NAMES) {
    for (const [i, row] of (s.tables[name] ?? []).entries()) {
      if (!workspaces.has((row as { _ws: string })._ws)) {
        fail(`tables.${name}[${i}]`, 'needs an id and the _ws of a known workspace');
      }
    }
  }
  // What signs deliveries must be what signing takes: a wrong type would fail every attempt later.
  for (const [i, hook] of (s.tables.webhooks ?? []).entries()) {
    const at = `tables.webhooks[${i}]`;
    if (typeof hook._secret !== 'string' || hook._secret === '')
      fail(`${at}._secret`, 'must be a non-empty string');
    const previous = hook._previous_secret;
    const until = hook._previous_until;
    if (previous !== undefined && (typeof previous !== 'string' || previous === '')) {
      fail(`${at}._previous_secret`, 'must be a non-empty string');
    }
    if (until !== undefined && !Number.isFinite(until))
      fail(`${at}._previous_until`, 'must be a number');
    // Every event of the workspace is matched against these: a wrong type would fail (500) every
    // operation that emits one, after it had changed the state.
    if (!Array.isArray(hook.events) || !hook.events.every((e) => typeof e === 'string'))
      fail(`${at}.events`, 'must be an array of strings');
    if (typeof hook.active !== 'boolean') fail(`${at}.active`, 'must be a boolean');
  }
  // A pending delivery is scheduled again once the state is replaced: its time must be one, or the
  // import would fail (500) after the state had been replaced.
  for (const [i, row] of (s.tables.deliveries ?? []).entries()) {
    const next: unknown = row.next_attempt_at;
    if (row.status !== 'pending' || next === null || next === undefined) continue;
    if (typeof next !== 'string' || Number.isNaN(Date.parse(next)))
      fail(`tables.deliveries[${i}].next_attempt_at`, 'must be null or an ISO 8601 date-time');
  }
  return s;
}
