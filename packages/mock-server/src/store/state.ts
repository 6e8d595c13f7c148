import { canonicalIds } from './canonical-id.js';
import { checkSnapshot } from './check-snapshot.js';
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

export { InvalidSnapshot } from './check-snapshot.js';

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
  const copy = structuredClone(input) as StateSnapshot;
  copy.workspaces = copy.workspaces.map(canonicalIds);
  copy.api_keys = copy.api_keys.map(canonicalIds);
  for (const name of TABLE_NAMES) {
    const rows = copy.tables[name];
    if (rows) (copy.tables as Record<string, object[]>)[name] = rows.map(canonicalIds);
  }
  copy.alerts = copy.alerts?.map(canonicalIds);
  checkSnapshot(copy, state.variant, options);
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
