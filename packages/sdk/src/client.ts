import openapiFetch, { type Client, mergeHeaders } from 'openapi-fetch';
import { APIPromise, type RawResult } from './core/api-promise.js';
import { attemptFailure } from './core/attempt-failure.js';
import { checkBaseUrl } from './core/check-base-url.js';
import { checkSendable } from './core/check-sendable.js';
import { type Clock, systemClock } from './core/clock.js';
import { readEnv } from './core/env.js';
import {
  AgentPlatformError,
  generateError,
  type ServiceUnavailableError,
  type ValidationError,
} from './core/errors.js';
import { type AttemptHold, readHeld, releaseHold } from './core/held-response.js';
import {
  checkLogLevel,
  type LevelLogger,
  type Logger,
  type LogLevel,
  RANK,
} from './core/logger.js';
import { methodsOf } from './core/methods-of.js';
import { PagePromise } from './core/pagination.js';
import { pathSerializer } from './core/path-serializer.js';
import { refuseBody } from './core/refuse-body.js';
import { ReplayableRequest } from './core/replayable-request.js';
import type { ListOptions, RequestOptions } from './core/request-options.js';
import {
  type FetchLike,
  type NotRetried,
  type SendConfig,
  type SendOptions,
  sendWithRetry,
} from './core/send-with-retry.js';
import { Throttle } from './core/throttle.js';
import type { paths } from './generated/schema.js';
import type { ResponseBody, ResponseData } from './operation-types.js';
import { Agents } from './resources/agents.js';
import type { APIResource } from './resources/api-resource.js';
import { Appointments } from './resources/appointments.js';
import { Channels } from './resources/channels.js';
import { Chats } from './resources/chats.js';
import { Contacts } from './resources/contacts.js';
import { Conversations } from './resources/conversations.js';
import { CustomFields } from './resources/custom-fields.js';
import { McpServers } from './resources/mcp-servers.js';
import { Messages } from './resources/messages.js';
import { Trainings } from './resources/trainings.js';
import { Webhooks } from './resources/webhooks.js';

/** Options of `new AgentPlatform(...)`. */
export interface ClientOptions {
  /** Sent as `x-api-key`. Default (also for `''`): the `AGENT_PLATFORM_API_KEY` environment variable. */
  apiKey?: string | undefined;
  /** The service origin, without `/v1`. Default (also for `''`): `AGENT_PLATFORM_BASE_URL`; one of them is required. */
  baseUrl?: string | undefined;
  /**
   * Retries after the first attempt: a 429 for every method; a 408, 5xx or connection error for GET,
   * PUT and DELETE only (a POST may have taken effect; the API has no idempotency keys). Default 2.
   */
  maxRetries?: number | undefined;
  /** Milliseconds per attempt, the response body included. Default 60 000. */
  timeout?: number | undefined;
  /**
   * Seconds: when the server asks to wait longer (Retry-After, or the rate-limit reset on a 429), the
   * call fails at once with the response's error (RateLimitError on a 429) instead of waiting. Default 60.
   */
  maxRetryAfter?: number | undefined;
  /** The fetch to use. Default: `globalThis.fetch`, looked up on every request. */
  fetch?: FetchLike | undefined;
  /** Headers sent with every request: a record or a `Headers`. */
  defaultHeaders?: Record<string, string> | Headers | undefined;
  /** Where log lines go. Default: `console`. */
  logger?: Logger | undefined;
  /** Default `off`, or the `AGENT_PLATFORM_LOG` environment variable. */
  logLevel?: LogLevel | undefined;
  /** Space requests by the rate-limit headers so that a burst draws no 429. Default false. */
  throttle?: boolean | undefined;
  /** Time and sleep, for tests (e.g. the mock server's clock). Default: the system clock. */
  clock?: Clock | undefined;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The path parameters of one call, by name; undefined for a path that has none. */
export type PathParams = Record<string, string>;

/** A method of the raw client that sends a request. */
type RawSend = (...args: unknown[]) => Promise<unknown>;

/** openapi-fetch's methods, as `#call` calls them (by method, with a path of any kind). */
type LooseClient = Record<
  Method,
  (
    path: string,
    init: object,
  ) => Promise<{
    data?: unknown;
    error?: unknown;
    response: Response;
  }>
>;

/**
 * A non-negative number option, checked: a NaN `maxRetries` would otherwise retry forever. A
 * `whole` one (`'whole '`) counts retries, items or pages: an integer, or Infinity (no limit). Unset passes.
 */
function count(name: string, value: number | undefined = 0, whole = ''): number {
  if (typeof value !== 'number' || !(value >= 0) || (whole && value % 1)) {
    // A string is quoted: `not 3` would hide that '3' is no number.
    throw new AgentPlatformError(
      `${name}: must be a ${whole}number >= 0, not ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`,
    );
  }
  return value;
}

/**
 * The `apiKey` or `baseUrl` option, else its environment variable (`AGENT_PLATFORM_API_KEY`,
 * `AGENT_PLATFORM_BASE_URL`: the option's name in snake case), with the name it came by, for
 * messages. One helper for both: fewer bytes than a check and a message each.
 */
function setting(options: ClientOptions, option: 'apiKey' | 'baseUrl'): [string, string] {
  const env = `AGENT_PLATFORM_${option.replace(/[A-Z]/g, '_$&').toUpperCase()}`;
  // `||`: an empty option (`process.env.X ?? ''`) is none, and the environment variable is read.
  const value = options[option] || readEnv(env);
  // Blank is missing: fetch trims a header's value, so a key of spaces would be sent empty and every
  // call refused (401). Tested as text: a URL object or a number from plain JS passes here as its
  // text, which checkBaseUrl then judges (a URL object is taken, a port number refused).
  if (!/\S/.test(value || '')) {
    throw new AgentPlatformError(`${option}: missing; pass it or set ${env}`);
  }
  return [value as string, options[option] ? option : env];
}

/** `maxRetries` and `timeout` of `options`, checked, else of `fallback`. */
function sendOptions(
  options: { maxRetries?: number | undefined; timeout?: number | undefined },
  fallback: SendOptions,
  signal?: AbortSignal,
): SendOptions {
  // One the attempt cannot listen on would fail it as a connection error, and a retry's wait after it.
  if (signal && typeof signal.addEventListener !== 'function') {
    throw new AgentPlatformError('signal: must be an AbortSignal');
  }
  return {
    retries: count('maxRetries', options.maxRetries ?? fallback.retries, 'whole '),
    attemptTimeout: count('timeout', options.timeout ?? fallback.attemptTimeout),
    callSignal: signal,
  };
}

/**
 * A response's `data`. Every operation typed to answer data has it (none is null): a 2xx that is JSON
 * without it (a proxy's `{}`, `null`, `{"data":null}`) is an APIError, as for a list call a body that
 * is no page. Only a DELETE's 204 has no body (undefined), which its method resolves to.
 */
const unwrapData = ({ body, response }: RawResult) =>
  body === undefined
    ? body
    : ((body as { data?: unknown } | null)?.data ?? refuseBody(body, response, 'has no data'));

/**
 * The client of the Conversational Agent Platform API.
 * @example
 * const client = new AgentPlatform({ apiKey: 'sk-...', baseUrl: 'http://127.0.0.1:4010' });
 * const agent = await client.agents.create({ name: 'Support' });
 */
export class AgentPlatform {
  /** The openapi-fetch client typed by the spec's paths, with the same auth, retries and fetch. */
  declare readonly raw: Client<paths>;
  readonly #config: SendConfig;
  /** openapi-fetch's methods as createClient made them: `raw`'s, without the header checks. */
  readonly #methods: LooseClient;
  /** The retry options of a call that overrides none. */
  readonly #defaults: SendOptions;

  /** Agents, their activation and conversations. */
  declare readonly agents: Agents;
  /** The knowledge base of agents. */
  declare readonly trainings: Trainings;
  /** Channels, their settings, QR codes and widgets. */
  declare readonly channels: Channels;
  /** Customer records. */
  declare readonly contacts: Contacts;
  /** Custom field definitions for contacts. */
  declare readonly customFields: CustomFields;
  /** Conversations and their messages. */
  declare readonly conversations: Conversations;
  /** Active chats and the human handoff. */
  declare readonly chats: Chats;
  /** Single messages. */
  declare readonly messages: Messages;
  /** MCP servers, their tools and their links to agents. */
  declare readonly mcpServers: McpServers;
  /** Webhooks and their deliveries. */
  declare readonly webhooks: Webhooks;
  /** Appointments with contacts. */
  declare readonly appointments: Appointments;

  constructor(options: ClientOptions = {}) {
    // Each group's path is /v1/ and its name in kebab case (customFields: /v1/custom-fields): one
    // loop, fewer bytes than a field each. First, as the fields were.
    for (const [name, Group] of Object.entries({
      agents: Agents,
      trainings: Trainings,
      channels: Channels,
      contacts: Contacts,
      customFields: CustomFields,
      conversations: Conversations,
      chats: Chats,
      messages: Messages,
      mcpServers: McpServers,
      webhooks: Webhooks,
      appointments: Appointments,
    })) {
      (this as Record<string, unknown>)[name] = new (Group as typeof APIResource)(
        this,
        `/v1/${name.replace(/[A-Z]/g, '-$&').toLowerCase()}`,
      );
    }
    const [apiKey, keyName] = setting(options, 'apiKey');
    // A header fetch refuses would fail every call with a TypeError quoting its value, which may be
    // the key. The key is named after where it came from.
    checkSendable({ ...options.defaultHeaders, [keyName]: apiKey });
    // The OpenAI and Anthropic SDKs' spelling: spread from a config object it passes TypeScript's
    // excess-property check, and was ignored for AGENT_PLATFORM_BASE_URL or a 'missing'.
    if ('baseURL' in options) throw new AgentPlatformError('baseURL: spelled baseUrl here');
    // Named after where it came from, as the key is.
    const baseUrl = checkBaseUrl(...setting(options, 'baseUrl'));
    this.#defaults = sendOptions(options, { retries: 2, attemptTimeout: 60_000 });
    const clock = options.clock ?? systemClock;
    // Checked only (plain JS may pass `{}`): the clock itself is used, as it is.
    methodsOf(clock, ['now', 'sleep'], 'clock');
    const custom = options.fetch;
    let maxServerWait: number;
    this.#config = {
      // First: a bad logLevel is reported before a bad maxRetryAfter. The logger's methods are
      // checked here, not on each line: see methodsOf.
      leveledLogger: methodsOf(
        options.logger ?? console,
        // The levels at or above the one set, which it must have: RANK lists them in order, `off`
        // first (and alone at rank 0).
        Object.keys(RANK).slice(1, RANK[checkLogLevel(options.logLevel)] + 1),
        'logger',
      ) as LevelLogger,
      getFetch: () => custom ?? globalThis.fetch,
      timeSource: clock,
      // biome-ignore lint/suspicious/noAssignInExpressions: kept for the throttle below, in 6 B fewer than a statement of its own
      maxServerWait: (maxServerWait = count('maxRetryAfter', options.maxRetryAfter ?? 60) * 1000),
      limiter: options.throttle ? new Throttle(clock, maxServerWait) : undefined,
    };
    // In the CJS build, esbuild's Node-style interop hands over openapi-fetch's module object, whose
    // `default` is the function; in ESM the default import is the function itself. Read here, not
    // at the top level: a bundler keeps a top-level property read (a getter may run), and with it
    // openapi-fetch, in an app that imports only the error classes or guards.
    const createClient =
      (openapiFetch as unknown as { default?: typeof openapiFetch }).default ?? openapiFetch;
    const raw = createClient<paths>({
      baseUrl,
      // openapi-fetch's own merge: it takes a Headers object too, whose entries are not own
      // properties, which a spread would drop.
      headers: mergeHeaders(options.defaultHeaders, { 'x-api-key': apiKey }),
      Request: ReplayableRequest,
      pathSerializer,
      // The API never redirects (see refuseRedirect); also for a `fetch` that drops sendAttempt's init.
      redirect: 'manual',
      // A raw call's signal is on its Request (openapi-fetch puts it there); the attempt's own
      // init.signal would otherwise override it.
      fetch: (request) =>
        sendWithRetry(request, { ...this.#defaults, callSignal: request.signal }, this.#config),
    });
    // Called by `#call`, which checks the headers and query itself: one async hop fewer per call.
    this.#methods = { ...raw } as unknown as LooseClient;
    // openapi-fetch merges a call's headers before anything else, and a header fetch refuses would
    // reject the call with a TypeError quoting its value (a query value with a lone surrogate, with
    // a bare URIError). Each method of `raw` that sends checks them first: the rejection names the
    // header, not the value, or the query parameter.
    for (const [name, send] of Object.entries(raw) as [string, RawSend][]) {
      if (name !== 'use' && name !== 'eject') {
        (raw as unknown as Record<string, RawSend>)[name] = async (...args) => {
          // The init, wherever it is: `request` takes the method first.
          for (const arg of args) {
            checkSendable(
              (arg as RequestOptions | undefined)?.headers,
              (arg as { params?: { query?: object } } | undefined)?.params?.query,
            );
          }
          return send(...args);
        };
      }
    }
    this.raw = raw;
  }

  /**
   * Checks the service health: `{ status, timestamp }`.
   *
   * `GET /v1/health`. No API key needed.
   *
   * @throws 400 {@link ValidationError} when the query has a parameter (`/v1/health?cachebust=1`): health takes none, and refuses an unknown one as every operation does (rule `unknown`), without rate-limit headers, as it needs no key.
   * @throws 503 {@link ServiceUnavailableError} when the service is in maintenance or degraded.
   */
  health(options?: RequestOptions): APIPromise<ResponseBody<'healthRetrieve'>> {
    return this._request('GET', '/v1/health', undefined, options, undefined, (raw) => raw.body);
  }

  /**
   * Introspects the API key: its name, workspace, scopes and permissions.
   *
   * `GET /v1/me`. Any valid key, no scope.
   */
  me(options?: RequestOptions): APIPromise<ResponseData<'meRetrieve'>> {
    return this._request('GET', '/v1/me', undefined, options);
  }

  /** @internal The one request pipeline: resource methods map onto it. */
  _request<T>(
    method: Method,
    path: keyof paths,
    params: PathParams | undefined,
    options?: RequestOptions,
    body?: unknown,
    unwrap: (raw: RawResult) => unknown = unwrapData,
  ): APIPromise<T> {
    return new APIPromise(
      this.#call(method, path, params, options, body),
      unwrap as (raw: RawResult) => T,
    );
  }

  /** @internal A list call: its first page, iterable over every page. */
  _list<T>(
    path: keyof paths,
    params: PathParams | undefined,
    options?: ListOptions,
    query?: object,
  ): PagePromise<T> {
    // Copied now: a caller may reuse its query object, and the next pages must be of this one.
    query = { ...query };
    return new PagePromise<T>(
      this.#call('GET', path, params, options, undefined, query),
      (page) => this._list(path, params, options, { ...query, page }),
      options ?? {},
    );
  }

  /**
   * One call: any status but a 2xx throws its APIError; a 2xx's body is read here, under the
   * attempt's timeout and the call's `signal`, and parsed. A bad per-call option rejects the call
   * (it does not throw). The attempt is released on every path.
   */
  async #call(
    method: Method,
    path: string,
    params: PathParams | undefined,
    options: ListOptions | undefined,
    body?: unknown,
    query?: object,
  ): Promise<RawResult> {
    // Per call, through a per-call fetch: a middleware may replace the Request or the Response.
    const hold: AttemptHold = {};
    let sent: Request | undefined;
    try {
      let send = this.#defaults;
      if (options) {
        send = sendOptions(options, send, options.signal);
        // A list call's limits, which its PagePromise iterates within; unset is no limit (null is
        // refused: the iteration would read it as 0). A loop: 4 B fewer than a call each.
        for (const limit of ['maxItems', 'maxPages'] as const)
          count(limit, options[limit], 'whole ');
      }
      // Before openapi-fetch merges the headers and serializes the query, as `raw` does.
      checkSendable(options?.headers, query);
      const { response, error } = await this.#methods[method](path, {
        // A path without parameters comes with no path object (undefined, not {}): openapi-fetch
        // then skips the serializer, whose regex replace costs a POST /v1/agents 4 % of its time.
        // Said by each caller, not asked here of the path: 5 B fewer in the core.
        params: { path: params, query },
        body,
        headers: options?.headers,
        // Kept in `sent` to name it if its 2xx body fails below (in the call: 5 B less than a block,
        // and the core has none to spare).
        // biome-ignore lint/suspicious/noAssignInExpressions: see above.
        fetch: (request: Request) => sendWithRetry((sent = request), send, this.#config, hold),
        // Read and parsed below: under the attempt's timeout and signal, and a body that is not
        // JSON becomes an APIError, not a SyntaxError.
        parseAs: 'stream',
      });
      if (!response.ok) {
        // Dated by the client's clock: an HTTP-date Retry-After.
        const apiError = generateError(
          response.status,
          error,
          response.headers,
          this.#config.timeSource.now(),
        );
        // A wait refused for exceeding maxRetryAfter says so: the server's message alone does not.
        apiError.message += (response as NotRetried).notRetried ?? '';
        throw apiError;
      }
      let text: string;
      // Also where openapi-fetch answers `data: undefined` without reading (a 204, an empty body):
      // the text is then empty.
      try {
        text = await readHeld(response, hold);
      } catch (error) {
        throw attemptFailure(error, options?.signal, hold.heldAttempt?.timedOut, sent);
      }
      try {
        // Only a DELETE's 204 has no body: an empty 200, or a 204 to an operation typed to answer data
        // (a proxy's), must not resolve to undefined.
        return {
          body: method === 'DELETE' && response.status === 204 ? undefined : JSON.parse(text),
          response,
        };
      } catch (cause) {
        // A proxy's or captive portal's HTML page: an APIError, with the text as its body.
        refuseBody(text, response, `is not JSON (${(cause as Error).message})`);
      }
    } finally {
      releaseHold(hold);
    }
  }
}
