import { checkOptions } from './check-options.js';
import { type Clock, createManualClock, createRealClock, startTimeProblem } from './clock.js';
import {
  Controller,
  type CreateApiKeyOptions,
  type CreatedApiKey,
  type InboundMessage,
  type ResetOptions,
} from './control/controller.js';
import type { Core } from './control/core.js';
import { optionTools } from './control/simulated-tools.js';
import type {
  WebhookAttemptsFilter,
  WebhookRecordsFilter,
} from './control/webhook-records-filter.js';
import { AppointmentReminders } from './domain/appointment-reminders.js';
import { sendReminder } from './domain/appointments.js';
import type { DomainContext } from './domain/context.js';
import { DEFAULT_MCP_TOOLS } from './domain/mcp-servers.js';
import { defaultResponder } from './domain/responder.js';
import { type FaultSpec, Faults, type FaultsFilter, type PendingFault } from './faults.js';
import { isZonedDate, zonedDateRule } from './http/calendar-date.js';
import { RateLimiter } from './http/rate-limiter.js';
import { createRandomSources } from './ids.js';
import {
  type ClearRequestsQuery,
  Journal,
  type JournalEntry,
  type RequestsQuery,
} from './journal.js';
import { DEFAULT_BASE_URL, DEFAULT_RATE_LIMIT, type MockServerOptions } from './options.js';
import { createRequestHandler } from './request-handler.js';
import { applyDemoSeed } from './seed/demo.js';
import { shownOption } from './shown-option.js';
import type { McpTool, Workspace } from './store/records.js';
import {
  createState,
  type HealthStatus,
  idInUse,
  nextSeq,
  type StateSnapshot,
} from './store/state.js';
import { parseBaseUrl } from './transports/base-url.js';
import { fetchTransport } from './transports/fetch-adapter.js';
import { type ListenOptions, listen, type RunningServer } from './transports/node-server.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';
import { type DomainEvent, EventBus, type EventListener } from './webhooks/event-bus.js';
import { eventName } from './webhooks/event-names.js';

/** A mock of the whole API, usable in-process (`fetch`, `handle`) and over HTTP (`listen`). */
export interface MockServer {
  /** The API as a fetch function: a drop-in `fetch` option for any client; no network at all. */
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** The same handler for a Request, as transports use it (`mswHandlers` from `/msw` among them). */
  handle(request: Request): Promise<Response>;
  /** Serves the API on a real node:http server (`port: 0` picks a free port). */
  listen(options?: ListenOptions): Promise<RunningServer>;
  /** The variant the server runs. */
  readonly variant: 'A' | 'B';
  /** The base URL relative `fetch` URLs resolve against and `mswHandlers` match. */
  readonly baseUrl: string;
  /** The server's clock: `now()`, and `advance(ms)` when manual. */
  readonly clock: Clock;
  /** Injected faults: `add(spec)`, `list()`, `clear()`. */
  readonly faults: {
    /** Adds a fault, checked as the control API checks it (throws naming the field otherwise). */
    add(spec: FaultSpec): void;
    /**
     * The faults still waiting, in the order added, each with how many requests it has left and
     * still lets through; `{ key_id }`: only those scoped to that key.
     */
    list(filter?: FaultsFilter): PendingFault[];
    /** Removes every fault; `{ key_id }`: only those scoped to that key, the others' left alone. */
    clear(filter?: FaultsFilter): void;
  };
  /** Every domain event, as it is emitted: `events.on(listener)` returns the unsubscribe function. */
  readonly events: {
    /**
     * Calls `listener` for each event from now on; returns the function that stops it. A throw or
     * rejection of the listener goes to `onError`, never into the request that emitted the event.
     */
    on(listener: EventListener): () => void;
  };
  /**
   * Empties the state, the journal, faults and rate-limit windows; `{ seed: 'demo' }` then makes the
   * demo workspace and key again.
   */
  reset(options?: ResetOptions): void;
  /** A new workspace. */
  createWorkspace(options?: { name?: string | undefined }): Workspace;
  /** A new API key (a new workspace unless `workspace_id` is given). */
  createApiKey(options: CreateApiKeyOptions): CreatedApiKey;
  /** Revokes a key by id; its next request gets 401. */
  revokeApiKey(id: string): void;
  /** A customer message arrives from the channel on a conversation (reopens it; the AI answers if open). */
  receiveMessage(
    conversationId: string,
    input: InboundMessage,
  ): ReturnType<Controller['receiveMessage']>;
  /** Pairs a messaging channel: it becomes `active`. */
  pairChannel(channelId: string): ReturnType<Controller['pairChannel']>;
  /**
   * Changes a channel's connection: `disconnected` (unpaired), `error` (the provider failed) or
   * `active` again, emitting `channel.disconnected`, `channel.error` or `channel.connected`.
   */
  setChannelStatus(
    channelId: string,
    input: { status: 'active' | 'disconnected' | 'error' },
  ): ReturnType<Controller['setChannelStatus']>;
  /**
   * The customer's device reports a message sent to it `delivered` or `read`, emitting
   * `message.delivered` / `message.read` (Variant B); a read one is delivered first.
   */
  setMessageStatus(
    messageId: string,
    input: { status: 'delivered' | 'read' },
  ): ReturnType<Controller['setMessageStatus']>;
  /** Sets an MCP server's simulated tools, or puts it in `error`. */
  setMcpServer(
    id: string,
    input: { tools?: McpTool[] | undefined; error?: boolean | undefined },
  ): ReturnType<Controller['setMcpServer']>;
  /** Emits any event of the variant in a workspace (billing ones too, not `webhook.test`); it is delivered like any other. */
  emitEvent(input: {
    workspace_id: string;
    event: string;
    data: unknown;
  }): ReturnType<Controller['emitEvent']>;
  /**
   * Every webhook delivery attempt, oldest first, each with the `payload` it sent: of one webhook,
   * one workspace or one event when the filter names it (an id nothing has is 400 rule `exists`, an
   * event the variant does not send rule `enum`), the newest `limit` of them when it is given.
   * @example mock.webhookAttempts({ event: 'message.received' }).map((a) => a.payload)
   */
  webhookAttempts(filter?: WebhookAttemptsFilter): ReturnType<Controller['webhookAttempts']>;
  /** Alert e-mails recorded for failing Variant B webhooks: of one webhook or one workspace when the filter names it. */
  alerts(filter?: WebhookRecordsFilter): ReturnType<Controller['alerts']>;
  /**
   * Waits until no webhook attempt is in flight (at most the grace period per wait), following the
   * attempts that start meanwhile (a receiver's reactions) up to 100 rounds deep.
   */
  settle(): Promise<void>;
  /** Sets the health GET /v1/health reports; `maintenance` makes other operations answer 503. */
  setHealth(status: HealthStatus): void;
  /**
   * The last requests, oldest first: those that match every filter given (method, path, status,
   * operation, key, cut), or the newest `limit` of them.
   * @example mock.requests({ operation_id: 'agentsCreate', status: 201 }).length // calls that created an agent
   */
  requests(query?: RequestsQuery): JournalEntry[];
  /**
   * Forgets the journal's requests that match every filter given, all of them without one
   * (WireMock's `resetRequests`); the state, faults and rate-limit windows stay.
   * @example mock.clearRequests({ key_id: id }) // this file's requests only
   */
  clearRequests(query?: ClearRequestsQuery): void;
  /** The whole state as JSON (not the rate-limit windows, journal or faults: the server's own). */
  exportState(): StateSnapshot;
  /** Replaces the state with one exported earlier; rate-limit windows, journal and faults stay as they are. */
  importState(snapshot: StateSnapshot): void;
  /**
   * Stops timers and ends webhook attempts in flight so that the process can exit. Requests are
   * still answered afterwards, but no delivery or reminder starts (a test delivery answers not sent).
   */
  dispose(): void;
}

/**
 * Creates a stateful mock of the Conversational Agent Platform API.
 * @example
 * const mock = createMockServer({ clock: 'manual' });
 * const { key } = mock.createApiKey({ scopes: 'all' });
 * const res = await mock.fetch('/v1/agents', { headers: { 'x-api-key': key } });
 */
export function createMockServer(options: MockServerOptions = {}): MockServer {
  checkOptions(options);
  const variant = options.variant ?? 'A';
  const base = parseBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL);
  const clock = resolveClock(options);
  const state = createState(variant);
  const random = createRandomSources(options.ids);
  // A new id is never one in use: a seeded sequence gives the ids of an imported state it made.
  const ids = () => {
    for (let draw = 0; draw < MAX_ID_DRAWS; draw++) {
      const id = random.id();
      if (!idInUse(state, id)) return id;
    }
    throw new Error(`ids: ${MAX_ID_DRAWS} new ids in a row were ids in use`);
  };
  const events = new EventBus();
  const responder = options.responder ?? defaultResponder;
  // A list is checked once, here; a function's tools as it gives them (a failure is the mock's 500).
  const { mcpTools } = options;
  const listedTools =
    typeof mcpTools === 'function' ? [] : optionTools(mcpTools ?? DEFAULT_MCP_TOOLS);
  const journal = new Journal(options.journalSize ?? 1000);
  const onError =
    options.onError ??
    ((error: unknown) => console.error('[agent-platform-mock] internal error:', error));
  const onListenerError = (error: unknown, event: DomainEvent) => {
    const where = `(events.on listener of ${event.event})`;
    if (options.onError) options.onError(error, { method: 'EVENT', path: where });
    else
      console.error(`[agent-platform-mock] an events.on listener failed on ${event.event}:`, error);
  };

  const ctx: DomainContext = {
    state,
    variant,
    requireHttps: options.requireHttps ?? false,
    now: () => new Date(clock.now()).toISOString(),
    nowMs: () => clock.now(),
    id: ids,
    randomHex: (kind, bytes) => random.hex(kind, bytes),
    seq: () => nextSeq(state),
    // A responder that fails stands for the AI failing: the customer's message stands, unanswered,
    // and onError says why (a 500 would hide a conversation that was made all the same).
    respond: async (input) => {
      try {
        const answer: unknown = await responder(input);
        if (typeof answer === 'string') return answer;
        throw new TypeError(`responder: returned ${shownOption(answer)}, not a string`);
      } catch (error) {
        onError(error, {
          method: 'RESPONDER',
          path: `(responder, conversation ${input.conversationId})`,
        });
        return null;
      }
    },
    mcpToolsFor: (server) =>
      typeof mcpTools === 'function' ? optionTools(mcpTools(server)) : listedTools,
    get deliveries() {
      return dispatcher;
    },
    get reminders() {
      return reminders;
    },
    emit(kind, workspaceId, data) {
      const name = eventName(kind, variant);
      if (!name) return;
      events.emit({
        id: ids(),
        event: name,
        workspace_id: workspaceId,
        timestamp: ctx.now(),
        data,
      });
    },
  };
  const dispatcher = new WebhookDispatcher({
    ctx,
    clock,
    fetch: () => options.deliveryFetch ?? globalThis.fetch,
    graceMs: options.deliveryGraceMs ?? 1000,
    onError: (error) => onError(error, { method: 'POST', path: '(webhook delivery)' }),
    onAttempt: options.onWebhookAttempt,
  });
  events.on((event) => dispatcher.dispatch(event));
  const reminders = new AppointmentReminders(
    clock,
    (ws, id) => sendReminder(ctx, ws, id),
    variant === 'B',
  );
  const core: Core = {
    ctx,
    dispatcher,
    reminders,
    state,
    clock,
    journal,
    events,
    adminToken: options.adminToken,
    random,
    rateLimiter: new RateLimiter(
      options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit,
      clock.mode === 'manual',
    ),
    faults: new Faults(),
    sleep: abortableSleep,
  };
  const control = new Controller(core);
  const handler = createRequestHandler(core, control, onError, options.onRequest);

  if (options.seed === 'demo') applyDemoSeed(ctx, control);
  else if (options.seed && options.seed !== 'none') control.importState(options.seed);

  const { fetch, handle } = fetchTransport(handler, base);
  const dispose = () => {
    dispatcher.dispose();
    reminders.dispose();
    clock.dispose();
  };

  return {
    fetch,
    handle,
    listen: (listenOptions) =>
      listen(handler, listenOptions, {
        guardControlHost: options.adminToken === undefined,
        controlCorsAnyOrigin: options.adminToken !== undefined,
        onError,
        requestId: () => random.requestId(),
        now: () => clock.now(),
        onRequest: options.onRequest,
        drain: (deadline) => dispatcher.drain(deadline),
        // A graceful close ends the mock's deliveries and timers for good, as the CLI's exit does,
        // those of its other servers too: the mock is disposed once what was in flight is done.
        afterGracefulClose: dispose,
      }),
    variant,
    baseUrl: base.url,
    clock,
    faults: {
      add: (spec) => control.addFault(spec),
      list: (filter) => control.listFaults(filter),
      clear: (filter) => control.clearFaults(filter),
    },
    events: { on: (listener) => events.on(isolated(listener, onListenerError)) },
    reset: (o) => control.reset(o),
    createWorkspace: (o) => control.createWorkspace(o),
    createApiKey: (o) => control.createApiKey(o),
    revokeApiKey: (id) => control.revokeApiKey(id),
    setHealth: (status) => control.setHealth(status),
    receiveMessage: (id, input) => control.receiveMessage(id, input),
    emitEvent: (input) => control.emitEvent(input),
    webhookAttempts: (filter) => control.webhookAttempts(filter),
    alerts: (filter) => control.alerts(filter),
    settle: () => dispatcher.settle(),
    pairChannel: (id) => control.pairChannel(id),
    setChannelStatus: (id, input) => control.setChannelStatus(id, input),
    setMessageStatus: (id, input) => control.setMessageStatus(id, input),
    setMcpServer: (id, input) => control.setMcpServer(id, input),
    requests: (o) => control.requests(o),
    clearRequests: (o) => control.clearRequests(o),
    exportState: () => control.exportState(),
    importState: (snapshot) => control.importState(snapshot),
    dispose,
  };
}

/**
 * A user's listener whose throw (or rejected promise) is reported, once, rather than let into what
 * emitted the event: a bug in a test's listener must not turn the request into a 500, leave its
 * change half made, or keep the event from the listeners after it.
 */
function isolated(
  listener: EventListener,
  report: (error: unknown, event: DomainEvent) => void,
): EventListener {
  return (event) => {
    try {
      const result = listener(event);
      if (result instanceof Promise) result.catch((error: unknown) => report(error, event));
    } catch (error) {
      report(error, event);
    }
  };
}

/** How many ids in use a draw skips before it gives up (an `ids` function giving the same id). */
const MAX_ID_DRAWS = 1000;

function resolveClock(options: MockServerOptions): Clock {
  const clock = options.clock ?? 'real';
  const { startTime } = options;
  // `new Date()` reads anything: null and true as 1970, [2024] as a year.
  if (
    startTime !== undefined &&
    typeof startTime !== 'string' &&
    typeof startTime !== 'number' &&
    !(startTime instanceof Date)
  ) {
    throw new TypeError(
      `startTime: must be a Date, milliseconds since the epoch or an ISO 8601 string, not ${shownOption(startTime)}`,
    );
  }
  // Refused, not ignored: a real clock starts now, and your own clock is yours to set.
  if (startTime !== undefined && clock !== 'manual') {
    throw new TypeError("startTime: needs clock: 'manual'");
  }
  // As --start-time: a date-time without a zone would be read in the machine's zone.
  if (typeof startTime === 'string' && !isZonedDate(startTime)) {
    throw new TypeError(zonedDateRule('startTime', startTime));
  }
  if (typeof clock === 'object') return checkClock(clock);
  if (clock === 'manual') {
    const start = startTime === undefined ? Date.now() : new Date(startTime).getTime();
    if (Number.isNaN(start)) throw new TypeError('startTime: must be a valid date');
    const problem = startTimeProblem(start);
    if (problem) throw new TypeError(`startTime: ${problem}`);
    return createManualClock(start);
  }
  if (clock !== 'real')
    throw new TypeError(`clock: must be "real", "manual" or a Clock, not ${String(clock)}`);
  return createRealClock();
}

/** What a Clock of your own must have: the mock calls each of them. */
const CLOCK_MEMBERS = [
  'mode',
  'now',
  'schedule',
  'clear',
  'advance',
  'pending',
  'onBeforeStep',
  'dispose',
] as const;

/** `clock` when it has every member of a Clock; a TypeError naming those it lacks otherwise. */
function checkClock(clock: Clock): Clock {
  const lacks = CLOCK_MEMBERS.filter((name) =>
    name === 'mode'
      ? clock.mode !== 'real' && clock.mode !== 'manual'
      : typeof clock[name] !== 'function',
  );
  if (lacks.length === 0) return clock;
  throw new TypeError(
    `clock: must be "real", "manual" or a Clock, with ${CLOCK_MEMBERS.slice(0, -1).join(', ')} and dispose; it lacks ${lacks.join(', ')}`,
  );
}

/** Waits `ms` of real time, or until `signal` aborts. */
function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
