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

/**
 * Replaces the state with a snapshot; throws a TypeError naming the first thing wrong with it,
 * and leaves the state as it was when it does.
 */
export function importState(state: State, input: unknown): void {
  const snapshot = checkSnapshot(input, state.variant);
  const copy = structuredClone(snapshot);
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
  const fail = (what: string): never => {
    throw new TypeError(`state: ${what}`);
  };
  if (!input || typeof input !== 'object' || Array.isArray(input)) fail('must be an object');
  const s = input as Partial<StateSnapshot>;
  if (s.version !== 1) fail('version: must be 1');
  if (s.variant !== variant) fail(`variant: must be "${variant}", the variant this server runs`);
  if (!['ok', 'maintenance', 'degraded'].includes(String(s.health)))
    fail('health: must be ok, maintenance or degraded');
  if (!Number.isInteger(s.seq) || (s.seq as number) < 0) fail('seq: must be an integer >= 0');
  if (!Array.isArray(s.workspaces)) fail('workspaces: must be an array');
  if (!Array.isArray(s.api_keys)) fail('api_keys: must be an array');
  if (s.alerts !== undefined && !Array.isArray(s.alerts)) fail('alerts: must be an array');
  if (!s.tables || typeof s.tables !== 'object') fail('tables: must be an object');
  const workspaces = new Set((s.workspaces as Workspace[]).map((w) => w?.workspace_id));
  for (const [i, key] of (s.api_keys as ApiKeyRecord[]).entries()) {
    if (typeof key?.key !== 'string' || typeof key.id !== 'string')
      fail(`api_keys[${i}]: needs id and key`);
    if (!workspaces.has(key.workspace_id)) fail(`api_keys[${i}].workspace_id: no such workspace`);
  }
  for (const name of TABLE_NAMES) {
    const rows = (s.tables as Record<string, unknown>)[name] ?? [];
    if (!Array.isArray(rows)) fail(`tables.${name}: must be an array`);
    for (const [i, row] of (rows as Record<string, unknown>[]).entries()) {
      if (typeof row?.id !== 'string' || typeof row._ws !== 'string' || !workspaces.has(row._ws)) {
        fail(`tables.${name}[${i}]: needs an id and the _ws of a known workspace`);
      }
    }
  }
  return s as StateSnapshot;
}
