import type { CreateApiKeyOptions, CreatedApiKey, ResetOptions } from '../control/controller.js';
import type {
  WebhookAttemptsFilter,
  WebhookRecordsFilter,
} from '../control/webhook-records-filter.js';
import type { MockServer } from '../create-mock-server.js';
import type { FaultSpec, FaultsFilter, PendingFault } from '../faults.js';
import type { ClearRequestsQuery, JournalEntry, RequestsQuery } from '../journal.js';
import type { StateSnapshot } from '../store/state.js';

/** What a method of the server object resolves to, over HTTP. */
type Answer<K extends keyof MockServer> = MockServer[K] extends (...args: never[]) => infer R
  ? Promise<Awaited<R>>
  : never;

/** A manual or real clock as `GET /__mock/clock` shows it. */
export interface MockClockInfo {
  /** The mock's time, ISO 8601 with milliseconds. */
  now: string;
  /** The same in milliseconds since the epoch. */
  now_ms: number;
  /** `manual`: time moves only with `advance`; `real`: the system clock, which refuses `advance`. */
  mode: 'manual' | 'real';
  /** How many timers (webhook retries, reminders) still wait. */
  pending_timers: number;
}

/**
 * A running mock's control API over HTTP, as `connectMock()` returns it: the server object's control
 * methods, each resolving to what the in-process one returns, or rejecting with a `MockApiError`.
 */
export interface MockClient {
  /** The server's URL the client calls, without a trailing `/`. */
  readonly url: string;
  /** The server's clock: `now()`, `advance(ms)` when manual, and `info()`. */
  readonly clock: {
    /** The mock's time in milliseconds. */
    now(): Promise<number>;
    /**
     * Moves a manual clock forward by `ms` (a fraction rounds up, so an SDK's jittered backoff can
     * sleep on it), running the timers that fall due; resolves to the new time once the webhook
     * attempts they sent are answered. A real clock refuses (409).
     */
    advance(ms: number): Promise<number>;
    /** Time, mode and waiting timers at once. */
    info(): Promise<MockClockInfo>;
  };
  /** Injected faults: `add(spec)`, `list()`, `clear()`. */
  readonly faults: {
    /** Adds a fault; rejects naming the field when the mock refuses it. */
    add(spec: FaultSpec): Promise<void>;
    /** The faults still waiting, in the order added; `{ key_id }`: only those scoped to that key. */
    list(filter?: FaultsFilter): Promise<PendingFault[]>;
    /** Removes every fault; `{ key_id }`: only those scoped to that key, the others' left alone. */
    clear(filter?: FaultsFilter): Promise<void>;
  };
  /** Empties the state, journal, faults and rate-limit windows; `{ seed: 'demo' }` makes the demo again. */
  reset(options?: ResetOptions): Promise<void>;
  /** A new workspace. */
  createWorkspace(options?: { name?: string | undefined }): Answer<'createWorkspace'>;
  /** A new API key (a new workspace unless `workspace_id` is given). */
  createApiKey(options: CreateApiKeyOptions): Promise<CreatedApiKey>;
  /** Revokes a key by id; its next request gets 401. */
  revokeApiKey(id: string): Promise<void>;
  /** A customer message arrives from the channel on a conversation. */
  receiveMessage(
    conversationId: string,
    input: Parameters<MockServer['receiveMessage']>[1],
  ): Answer<'receiveMessage'>;
  /** Pairs a messaging channel: it becomes `active`. */
  pairChannel(channelId: string): Answer<'pairChannel'>;
  /** Changes a channel's connection (`active`, `disconnected`, `error`). */
  setChannelStatus(
    channelId: string,
    input: Parameters<MockServer['setChannelStatus']>[1],
  ): Answer<'setChannelStatus'>;
  /** The customer's device reports a message `delivered` or `read`. */
  setMessageStatus(
    messageId: string,
    input: Parameters<MockServer['setMessageStatus']>[1],
  ): Answer<'setMessageStatus'>;
  /** Sets an MCP server's simulated tools, or puts it in `error`. */
  setMcpServer(
    id: string,
    input: Parameters<MockServer['setMcpServer']>[1],
  ): Answer<'setMcpServer'>;
  /** Emits any event of the variant in a workspace; it is delivered like any other. */
  emitEvent(input: Parameters<MockServer['emitEvent']>[0]): Answer<'emitEvent'>;
  /** Every webhook delivery attempt, oldest first, with its `payload`: of one webhook, workspace or event when the filter names it. */
  webhookAttempts(filter?: WebhookAttemptsFilter): Answer<'webhookAttempts'>;
  /** Alert e-mails recorded for failing Variant B webhooks: of one webhook or one workspace when the filter names it. */
  alerts(filter?: WebhookRecordsFilter): Answer<'alerts'>;
  /** Resolves once no webhook attempt is in flight (`POST /__mock/settle`). */
  settle(): Promise<void>;
  /** Sets the health GET /v1/health reports; `maintenance` makes other operations answer 503. */
  setHealth(status: Parameters<MockServer['setHealth']>[0]): Promise<void>;
  /**
   * The last requests, oldest first, that match every filter given (`null` for no operation, key or
   * cut); `limit` keeps the newest of them.
   * @example (await mock.requests({ key_id: id, status: 503 })).length
   */
  requests(query?: RequestsQuery): Promise<JournalEntry[]>;
  /**
   * Forgets the journal's requests that match every filter given, all of them without one
   * (`DELETE /__mock/requests`); the state and faults stay.
   * @example await mock.clearRequests({ key_id: id }) // this file's requests only
   */
  clearRequests(query?: ClearRequestsQuery): Promise<void>;
  /** The whole state as JSON, the file `importState` and `--seed` take. */
  exportState(): Promise<StateSnapshot>;
  /** Replaces the state with one exported earlier. */
  importState(snapshot: StateSnapshot): Promise<void>;
}
