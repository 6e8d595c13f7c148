import { catchUp } from '../clock.js';
import { pairChannel, type SettableChannelStatus, setChannelStatus } from '../domain/channels.js';
import { conversationMessageView } from '../domain/conversation-views.js';
import { receiveCustomerMessage } from '../domain/customer-message.js';
import { mcpServerView } from '../domain/mcp-servers.js';
import { type ReceiptStatus, setMessageStatus } from '../domain/message-status.js';
import { deadChannel } from '../domain/outbound-message.js';
import { unusedSecret } from '../domain/unused-secret.js';
import { ApiError, conflict, invalidField, notFound, validationError } from '../errors.js';
import type { FaultSpec, FaultsFilter, PendingFault } from '../faults.js';
import { scopeVocabulary, webhookEventCatalog } from '../generated/operations.js';
import { scopeIssues } from '../http/authorize.js';
import { listValues } from '../http/schema-rules.js';
import { validateData } from '../http/validate-request.js';
import type { ClearRequestsQuery, JournalEntry, RequestsQuery } from '../journal.js';
import { applyDemoSeed } from '../seed/demo.js';
import { canonicalId } from '../store/canonical-id.js';
import { latestTime } from '../store/latest-time.js';
import type {
  AlertRecord,
  ApiKeyRecord,
  McpTool,
  MessageRow,
  Workspace,
} from '../store/records.js';
import {
  clearState,
  exportState,
  type HealthStatus,
  InvalidSnapshot,
  importState,
  type StateSnapshot,
  stateView,
} from '../store/state.js';
import { attemptHeaders } from '../webhooks/attempt-headers.js';
import { deliveryAttempt } from '../webhooks/ended-attempt.js';
import type { DomainEvent } from '../webhooks/event-bus.js';
import { checkFault } from './check-fault.js';
import { checkInput, MAX_SNAPSHOT_DEPTH } from './check-input.js';
import {
  apiKeyOptions,
  channelStatusInput,
  clearRequestsOptions,
  eventInput,
  faultsFilter,
  inboundMessage,
  mcpServerSettings,
  messageStatusInput,
  requestsOptions,
  resetOptions,
  snapshotShape,
  workspaceOptions,
} from './control-schemas.js';
import type { Core } from './core.js';
import { requestsFilter } from './requests-filter.js';
import { withDefaults } from './simulated-tools.js';
import {
  type WebhookAttemptsFilter,
  type WebhookRecordsFilter,
  webhookAttemptsMatcher,
  webhookRecordsMatcher,
} from './webhook-records-filter.js';

/** What `createApiKey` returns: the key string is shown only here. */
export type CreatedApiKey = Pick<
  ApiKeyRecord,
  'id' | 'key' | 'name' | 'workspace_id' | 'company_id' | 'scopes'
>;

/** Options of `createApiKey`. */
export interface CreateApiKeyOptions {
  /** Scopes of the server's variant, or `'all'` for every one of them. */
  scopes: string[] | 'all';
  /** The workspace; a new one is made when absent. */
  workspace_id?: string | undefined;
  /** A label for the key, 1 to 200 characters, not blank (default `'Test key'`). */
  name?: string | undefined;
  /**
   * A key string of your choice (default: a random `ap_test_...`): at least 8 characters, printable
   * ASCII with no space at either end, as an `x-api-key` header carries it.
   */
  key?: string | undefined;
}

/**
 * An id a control method was given, as it is when it is a string; 400 naming the parameter
 * otherwise (from JavaScript, the record a method returned rather than its id): a 404 would say
 * `[object Object] not found`.
 */
function idArgument(id: unknown, field: string): string {
  if (typeof id !== 'string')
    throw invalidField(field, 'type', 'must be a string, the id (a UUID)');
  return id;
}

/** A random key string that no key has (a seeded sequence gives those of an imported state it made). */
function newKeyString({ ctx, state }: Core): string {
  return unusedSecret(ctx, 'api-key', 24, 'ap_test_', (key) => state.keyIndex.has(key));
}

/** Options of `reset`. */
export interface ResetOptions {
  /** What the emptied server starts with: nothing (default) or the demo workspace and key. */
  seed?: 'none' | 'demo' | undefined;
}

/** What `receiveMessage` takes: `content` for a text message; a media type's `media_url` (`content` is then a caption). */
export interface InboundMessage {
  /** The text, or a media message's caption. */
  content?: string | undefined;
  /** `text` (the default), `image`, `audio`, `video` or `document`. */
  type?: MessageRow['type'] | undefined;
  /** Where a media message's media is, an http or https URL; its extension gives `media_type`. */
  media_url?: string | undefined;
}

/** The control operations of api-decisions section 7, shared by the `/__mock` routes and the server object. */
export class Controller {
  constructor(private readonly core: Core) {}

  /**
   * Empties the state, the journal, faults and rate-limit windows; with `seed: 'demo'` the demo
   * workspace and key are then made again, with the same ids (400 naming an unknown field).
   */
  reset(options: ResetOptions = {}): void {
    const { seed } = checkInput<ResetOptions>(resetOptions, options);
    this.core.dispatcher.cancelAll();
    this.core.reminders.clear();
    clearState(this.core.state);
    this.core.journal.clear();
    this.core.faults.clear();
    this.core.rateLimiter.clear();
    this.core.random.rewind();
    if (seed === 'demo') applyDemoSeed(this.core.ctx, this);
  }

  /** A new workspace (and its company); 400 naming an unknown or mistyped field. */
  createWorkspace(
    input: { name?: string; workspace_id?: string; company_id?: string } = {},
  ): Workspace {
    const { ctx, state } = this.core;
    const options = checkInput<typeof input>(workspaceOptions, input);
    const workspace: Workspace = {
      workspace_id: canonicalId(options.workspace_id) ?? ctx.id(),
      company_id: canonicalId(options.company_id) ?? ctx.id(),
      name: options.name ?? 'Workspace',
    };
    if (state.workspaces.has(workspace.workspace_id)) {
      throw conflict(`workspace ${workspace.workspace_id} exists`);
    }
    state.workspaces.set(workspace.workspace_id, workspace);
    // Ids given here (the demo seed's) are not drawn again: the company id is in no table.
    if (options.workspace_id !== undefined) state.reservedIds.add(workspace.workspace_id);
    if (options.company_id !== undefined) state.reservedIds.add(workspace.company_id);
    // A copy: the caller's changes to it are not the state's.
    return { ...workspace };
  }

  /**
   * A new API key with scopes of the server's variant; 400 naming a scope the variant lacks. `id`
   * is for the demo seed's fixed one (the HTTP route and the server object draw a new one).
   */
  createApiKey(input: CreateApiKeyOptions, id?: string): CreatedApiKey {
    const { ctx, state } = this.core;
    const options = checkInput<CreateApiKeyOptions>(apiKeyOptions, input);
    const vocabulary = Object.keys(scopeVocabulary[ctx.variant]);
    const scopes = options.scopes === 'all' ? vocabulary : options.scopes;
    if (!Array.isArray(scopes))
      throw invalidField('scopes', 'type', 'must be an array of scopes or "all"');
    const [wrong] = scopeIssues(scopes, ctx.variant, 'scopes');
    if (wrong) throw validationError([wrong]);
    if (options.key !== undefined && state.keyIndex.has(options.key)) {
      throw conflict('key: an API key with this string exists');
    }
    let workspace: Workspace | undefined;
    if (options.workspace_id !== undefined) {
      workspace = state.workspaces.get(canonicalId(options.workspace_id));
      if (!workspace) throw notFound('workspace', options.workspace_id);
    } else {
      workspace = this.createWorkspace();
    }
    const record: ApiKeyRecord = {
      id: id ?? ctx.id(),
      key: options.key ?? newKeyString(this.core),
      name: options.name ?? 'Test key',
      workspace_id: workspace.workspace_id,
      company_id: workspace.company_id,
      scopes: [...new Set(scopes)],
      created_at: ctx.now(),
      revoked_at: null,
    };
    state.apiKeys.set(record.id, record);
    state.keyIndex.set(record.key, record.id);
    const { created_at: _c, revoked_at: _r, ...created } = record;
    // Its scopes copied: a scope pushed onto what the caller holds grants the key nothing.
    return { ...created, scopes: [...record.scopes] };
  }

  /** Revokes a key: its very next request gets 401. */
  revokeApiKey(id: string): void {
    const record = this.core.state.apiKeys.get(canonicalId(idArgument(id, 'id')));
    if (!record) {
      // The key string where its id belongs: say which one this takes, without revoking by it.
      const keyId = this.core.state.keyIndex.get(id);
      if (keyId === undefined) throw notFound('API key', id);
      throw new ApiError(
        404,
        'NOT_FOUND',
        `API key ${id} not found: that is an API key's string; a key is revoked by its id (${keyId})`,
      );
    }
    record.revoked_at ??= this.core.ctx.now();
  }

  /**
   * A customer message arrives from the channel on an existing conversation: it reopens a closed one,
   * and the AI answers when the chat is open (as POST /v1/conversations/{id}/messages does). 409
   * when the channel was deleted or is not `active`: nothing comes in through it.
   */
  async receiveMessage(conversationId: string, input: InboundMessage) {
    idArgument(conversationId, 'conversationId');
    const { content, type, media_url } = checkInput<InboundMessage>(inboundMessage, input);
    const conversation = this.core.state.tables.conversations.find(canonicalId(conversationId));
    if (!conversation) throw notFound('conversation', conversationId);
    // What the customer sends through a channel that is gone or down never arrives.
    const dead = deadChannel(this.core.ctx, conversation);
    if (dead) {
      throw conflict(
        `conversation ${conversation.id}: ${dead}, so no customer message comes in through it (an active channel does: pairChannel, setChannelStatus)`,
      );
    }
    const { message, reply } = await receiveCustomerMessage(
      this.core.ctx,
      conversation,
      content ?? '',
      type,
      media_url ?? null,
    );
    return {
      /** The customer's message, as `GET /v1/conversations/{id}/messages` lists it. */
      message: conversationMessageView(message),
      /** The AI's answer, or null when it gave none (the chat not `open`, the agent not `active`). */
      response: reply?.content ?? null,
    };
  }

  /** A messaging channel is paired (its QR code scanned) and becomes `active`. */
  pairChannel(channelId: string) {
    return pairChannel(this.core.ctx, canonicalId(idArgument(channelId, 'channelId')));
  }

  /** A message sent to the customer is reported `delivered` or `read` by the customer's device. */
  setMessageStatus(messageId: string, input: { status: ReceiptStatus }) {
    idArgument(messageId, 'messageId');
    const { status } = checkInput<typeof input>(messageStatusInput, input);
    return setMessageStatus(this.core.ctx, canonicalId(messageId), status);
  }

  /** A channel's connection changes: `active`, `disconnected` or `error`, with its event. */
  setChannelStatus(channelId: string, input: { status: SettableChannelStatus }) {
    idArgument(channelId, 'channelId');
    const { status } = checkInput<typeof input>(channelStatusInput, input);
    return setChannelStatus(this.core.ctx, canonicalId(channelId), status);
  }

  /** Sets an MCP server's simulated tools and whether it is in `error`. */
  setMcpServer(id: string, input: { tools?: McpTool[]; error?: boolean }) {
    idArgument(id, 'id');
    // Everything is checked before anything changes: a 400 leaves the server as it was.
    const settings = checkInput<typeof input>(mcpServerSettings, input);
    const tools = settings.tools === undefined ? undefined : withDefaults(settings.tools);
    const row = this.core.state.tables.mcpServers.find(canonicalId(id));
    if (!row) throw notFound('MCP server', id);
    if (tools !== undefined) row._tools = tools;
    if (settings.error !== undefined) row._error = settings.error;
    row.updated_at = this.core.ctx.now();
    return {
      ...mcpServerView(this.core.ctx, row),
      /** The simulated tools it has now, each with every field (defaults filled in); a copy. */
      tools: structuredClone(row._tools),
    };
  }

  /** Sets what GET /v1/health reports; `maintenance` makes every other operation answer 503. */
  setHealth(status: HealthStatus): void {
    if (!['ok', 'maintenance', 'degraded'].includes(status)) {
      throw invalidField('status', 'enum', 'must be one of "ok", "maintenance", "degraded"');
    }
    this.core.state.health = status;
  }

  /** Adds an injected fault; 400 naming a bad field, or a path, method or key it could never fire on. */
  addFault(spec: FaultSpec): void {
    this.core.faults.add(checkFault(spec, this.core.state));
  }

  /** The faults still waiting, those of one key when the filter names it. */
  listFaults(filter: FaultsFilter = {}): PendingFault[] {
    return this.core.faults.list(this.faultsKey(filter));
  }

  /** Removes every fault, or those of one key when the filter names it. */
  clearFaults(filter: FaultsFilter = {}): void {
    this.core.faults.clear(this.faultsKey(filter));
  }

  /**
   * The key a faults filter names, in the case faults keep it (lower); undefined for every key. An
   * id that no key, no fault and no request of the journal has is a typo: 400, as `requests` says,
   * rather than a list that is empty, or a clear that leaves the faults armed, whatever was added.
   */
  private faultsKey(filter: FaultsFilter): string | undefined {
    const { key_id } = checkInput<FaultsFilter>(faultsFilter, filter);
    if (key_id === undefined) return undefined;
    const id = canonicalId(key_id);
    if (this.core.faults.list(id).length === 0) this.knownKeyId(key_id);
    return id;
  }

  /** The request journal, oldest first: the entries the filters take, or the newest `limit` of them. */
  requests(query: RequestsQuery = {}): JournalEntry[] {
    const checked = checkInput<RequestsQuery>(requestsOptions, query);
    const keep = requestsFilter(checked);
    if (typeof checked.key_id === 'string') this.knownKeyId(checked.key_id);
    return this.core.journal.list(checked.limit, keep);
  }

  /** Forgets the journal's requests that match every filter given (all without one). */
  clearRequests(query: ClearRequestsQuery = {}): void {
    const checked = checkInput<ClearRequestsQuery>(clearRequestsOptions, query);
    const drop = requestsFilter(checked);
    if (typeof checked.key_id === 'string') this.knownKeyId(checked.key_id);
    this.core.journal.remove(drop);
  }

  /**
   * 400 naming `key_id` (rule `exists`) for an id that no key has and no request of the journal
   * names (a key the journal names may be gone since, by a state import): ids are drawn at random,
   * so it is a typo or the key string, and the filter would match nothing whatever was called.
   */
  private knownKeyId(keyId: string): void {
    const { state, journal } = this.core;
    const id = canonicalId(keyId);
    if (state.apiKeys.has(id) || journal.list(1, (entry) => entry.key_id === id).length > 0) return;
    throw invalidField(
      'key_id',
      'exists',
      // Not echoed when it is a key string: the key is a secret.
      state.keyIndex.has(keyId.trim())
        ? "no API key has that id: it is a key string; key_id takes the key's id"
        : `no API key has the id ${keyId}`,
    );
  }

  /** The whole state as JSON. */
  exportState(): StateSnapshot {
    return exportState(this.core.state);
  }

  /** The whole state as `exportState` copies it, uncopied: to serialise at once (see `stateView`). */
  stateView(): Readonly<StateSnapshot> {
    return stateView(this.core.state);
  }

  /**
   * Replaces the state; 400 naming what is wrong with the snapshot (the state is left as it was). A
   * manual clock behind the state's latest time moves forward to it.
   */
  importState(snapshot: unknown): void {
    const checked = checkInput(snapshotShape, snapshot, MAX_SNAPSHOT_DEPTH);
    try {
      importState(this.core.state, checked, { requireHttps: this.core.ctx.requireHttps });
    } catch (error) {
      if (error instanceof InvalidSnapshot) throw validationError(error.details);
      throw error;
    }
    // Time goes on from the state's: what is created next is dated after what it holds.
    catchUp(this.core.clock, latestTime(snapshot as StateSnapshot));
    this.core.dispatcher.restore();
    this.core.reminders.restore(this.core.state.tables.appointments.all());
  }

  /**
   * Emits any event of the variant in a workspace (billing, channel.error, ...), its data checked
   * against the spec; it is delivered to the subscribed webhooks like any other. Not `webhook.test`
   * (400): that one goes to one webhook, whatever it subscribed to, never retried nor counted toward
   * its health, through `POST /v1/webhooks/{id}/test`.
   */
  emitEvent(input: { workspace_id: string; event: string; data: unknown }) {
    const { ctx, state, events } = this.core;
    const checked = checkInput<typeof input>(eventInput, input);
    const { event } = checked;
    const workspaceId = canonicalId(checked.workspace_id);
    const entry = webhookEventCatalog.find(
      (e) => e.event === event && e.variants.includes(ctx.variant),
    );
    if (!entry) {
      // webhook.test is the variant's, but not one to emit (below): not offered.
      const events = webhookEventCatalog
        .filter((e) => e.variants.includes(ctx.variant) && e.event !== 'webhook.test')
        .map((e) => e.event);
      throw invalidField(
        'event',
        'enum',
        `"${event}" is not an event of Variant ${ctx.variant}, whose events are ${listValues(events)}`,
      );
    }
    if (event === 'webhook.test') {
      throw invalidField(
        'event',
        'enum',
        '"webhook.test" is sent to one webhook by POST /v1/webhooks/{id}/test, not emitted to subscribers',
      );
    }
    if (!state.workspaces.has(workspaceId)) throw notFound('workspace', workspaceId);
    const issues = validateData(entry.data, input.data);
    if (issues.length > 0) throw validationError(issues);
    const emitted: DomainEvent = {
      id: ctx.id(),
      event,
      workspace_id: workspaceId,
      timestamp: ctx.now(),
      data: input.data,
    };
    // Dispatched as it is emitted: the dispatcher listens on the bus.
    const deliveries = this.core.dispatcher.countDeliveries(emitted.id, () => events.emit(emitted));
    return {
      /** The event's id, new for each call (Variant B deliveries send it as `event_id`). */
      event_id: emitted.id,
      /** The event's name, as given (`credit.low`). */
      event,
      /** When it was emitted (ISO 8601), on the mock's clock. */
      timestamp: emitted.timestamp,
      /** How many deliveries it made: one per active webhook of the workspace subscribed to it. */
      deliveries,
    };
  }

  /**
   * Every delivery attempt, oldest first: of every workspace, or those the filter takes (the newest
   * `limit` of them); each with the body it sent (the delivery's, which every attempt sends as it
   * is), parsed.
   */
  webhookAttempts(filter: WebhookAttemptsFilter = {}) {
    const keep = webhookAttemptsMatcher(this.core.state, filter);
    const rows = this.core.state.tables.deliveries
      .all()
      .filter((d) => keep(d.webhook_id, d._ws, d.event));
    const attempts = rows
      .flatMap((d) => d.attempts.map((a) => ({ d, a })))
      .sort(({ d: x, a: p }, { d: y, a: q }) =>
        p.attempted_at < q.attempted_at
          ? -1
          : p.attempted_at > q.attempted_at
            ? 1
            : x._seq - y._seq || p.number - q.number,
      );
    // Checked by the matcher: a whole number from 1. The payloads are parsed for the kept ones only.
    const { limit = attempts.length } = filter;
    const { variant } = this.core.state;
    return attempts.slice(Math.max(0, attempts.length - limit)).map(({ d, a }) => ({
      // The attempt and its delivery's ids; what it kept of its headers is in `headers`.
      ...deliveryAttempt(d, a),
      /**
       * The JSON body sent and signed, parsed (the spec's WebhookEnvelope: `event`, `timestamp`,
       * `webhook_id`, `data`, and in Variant B `event_id`); parsed per attempt, so that changing
       * one changes no other. The text itself if it is not JSON (only a hand-written state holds
       * such a body).
       */
      payload: parsedBody(d._body),
      /** The headers it sent (names in lower case, `authorization` `[redacted]`); null if unknown. */
      headers: attemptHeaders(variant, d, a),
      /** The body it sent and signed, as its exact text: what a signature is verified over. */
      body: d._body,
    }));
  }

  /** The alert e-mails recorded for failing Variant B webhooks, oldest first: all, or those the filter takes. */
  alerts(filter: WebhookRecordsFilter = {}): AlertRecord[] {
    const keep = webhookRecordsMatcher(this.core.state, filter);
    return this.core.state.alerts
      .filter((alert) => keep(alert.webhook_id, alert.workspace_id))
      .map((alert) => ({ ...alert }));
  }
}

/** A delivery's body as JSON, or the text itself when it is none. */
function parsedBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}
