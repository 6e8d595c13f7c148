import { invalidField } from '../errors.js';
import { NOT_JSON_MESSAGE, notJsonAt } from '../not-json-at.js';
import { shownOption } from '../shown-option.js';
import { unknownOption } from '../unknown-option.js';
import {
  type ControlQuery,
  type ControlTarget,
  controlCall,
  type FetchFunction,
} from './control-call.js';
import type { MockClient } from './mock-client.js';

/** Options of `connectMock`. */
export interface ConnectMockOptions {
  /** The server's admin token (`adminToken`, `--admin-token`), sent as `x-mock-admin-token`. */
  adminToken?: string | undefined;
  /** The fetch to call with; `globalThis.fetch`, read at each call, when absent. */
  fetch?: FetchFunction | undefined;
}

/**
 * The control API of a mock running elsewhere (`listen()`, the CLI, a container) as an object with
 * the server object's methods, asynchronous: for test files in parallel workers that share one mock.
 * Uses only `fetch`: it runs in Node, Deno, Bun, a browser or a worker.
 * @example
 * const mock = connectMock(inject('mockUrl'));
 * const { id, key } = await mock.createApiKey({ scopes: 'all' });
 * await mock.faults.add({ path: '/v1/contacts', status: 503, key_id: id });
 */
export function connectMock(url: string | URL, options: ConnectMockOptions = {}): MockClient {
  checkOptions(options);
  const target: ControlTarget = {
    url: baseUrl(url),
    adminToken: options.adminToken,
    fetch: options.fetch,
  };
  // Each method's answer is what the control route answers, the type the in-process method returns.
  const call = (method: string, path: string, body?: unknown) =>
    controlCall(target, method, path, body === undefined ? {} : { body }) as Promise<never>;
  const id = (value: string) => encodeURIComponent(value);
  /**
   * A control read whose filters go in the query; a filter that is no object (null, a string) is
   * refused as the server object's method refuses it, where `{...null}` was every record.
   */
  const read = async (path: string, filter: object | undefined, method = 'GET') => {
    const isObject = typeof filter === 'object' && filter !== null && !Array.isArray(filter);
    if (filter !== undefined && !isObject) throw invalidField('body', 'type', 'must be an object');
    return controlCall(target, method, path, { query: { ...(filter as ControlQuery) } }) as never;
  };
  const clockInfo = () => call('GET', '/clock') as Promise<{ now_ms: number }>;
  return {
    url: target.url,
    clock: {
      now: async () => (await clockInfo()).now_ms,
      // A fraction rounds up, as in-process; anything else is sent as it is, for the server to refuse
      // as the server object does (Math.ceil read '1000' as 1000 and null as 0). JSON writes an
      // infinity as null (no number): the largest number goes instead, past the clock's last date.
      advance: async (ms) =>
        (
          (await call('POST', '/clock/advance', {
            ms:
              typeof ms !== 'number' || Number.isNaN(ms)
                ? ms
                : Number.isFinite(ms)
                  ? Math.ceil(ms)
                  : Math.sign(ms) * Number.MAX_VALUE,
          })) as { now_ms: number }
        ).now_ms,
      info: () => call('GET', '/clock'),
    },
    faults: {
      add: async (spec) => {
        checkBodyIncludes(spec);
        await call('POST', '/faults', spec);
      },
      list: (filter) => read('/faults', filter),
      clear: async (filter) => {
        await read('/faults', filter, 'DELETE');
      },
    },
    // Left out, no options; null is sent as it is, refused as the server object refuses it.
    reset: (resetOptions) => call('POST', '/reset', resetOptions === undefined ? {} : resetOptions),
    createWorkspace: (workspace) =>
      call('POST', '/workspaces', workspace === undefined ? {} : workspace),
    createApiKey: (key) => call('POST', '/api-keys', key),
    revokeApiKey: (keyId) => call('DELETE', `/api-keys/${id(keyId)}`),
    receiveMessage: (conversationId, input) =>
      call('POST', `/conversations/${id(conversationId)}/inbound`, input),
    pairChannel: (channelId) => call('POST', `/channels/${id(channelId)}/pair`),
    setChannelStatus: (channelId, input) => call('PUT', `/channels/${id(channelId)}/status`, input),
    setMessageStatus: (messageId, input) => call('PUT', `/messages/${id(messageId)}/status`, input),
    setMcpServer: (serverId, input) => call('PUT', `/mcp-servers/${id(serverId)}`, input),
    emitEvent: (input) => call('POST', '/events', input),
    webhookAttempts: (filter) => read('/webhook-attempts', filter),
    alerts: (filter) => read('/alerts', filter),
    settle: () => call('POST', '/settle'),
    setHealth: async (status) => {
      await call('PUT', '/health', { status });
    },
    requests: (query) => read('/requests', query),
    clearRequests: async (query) => {
      await read('/requests', query, 'DELETE');
    },
    exportState: () => call('GET', '/state'),
    importState: (snapshot) => call('PUT', '/state', snapshot),
  };
}

/** Every option's name; its type keeps it complete. */
const everyOption: Record<keyof ConnectMockOptions, true> = { adminToken: true, fetch: true };

/**
 * Refuses at once what would fail every call later, unnamed: a typo (`admintoken`) or a token that
 * is no string sent none (401 "missing or wrong control API token"), a fetch that is no function
 * failed each call as "no answer".
 */
function checkOptions(options: ConnectMockOptions): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new TypeError(`connectMock: options must be an object, not ${shownOption(options)}`);
  const slip = unknownOption(options, everyOption);
  if (slip) throw new TypeError(`connectMock: ${slip.name} is not an option${slip.hint}`);
  const { adminToken, fetch } = options;
  if (adminToken !== undefined && (typeof adminToken !== 'string' || adminToken === ''))
    throw new TypeError(
      `connectMock: adminToken must be a non-empty string, not ${shownOption(adminToken)}`,
    );
  if (fetch !== undefined && typeof fetch !== 'function')
    throw new TypeError(`connectMock: fetch must be a function, not ${shownOption(fetch)}`);
}

/**
 * The URL without its trailing `/`; a TypeError naming it unless it is an absolute http(s) URL with
 * no query, fragment or credentials (the control paths are appended to it; fetch refuses credentials).
 */
function baseUrl(url: string | URL): string {
  const text = String(url);
  let parsed: URL | undefined;
  try {
    parsed = new URL(text);
  } catch {
    // not a URL: refused below
  }
  if (parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:') {
    throw new TypeError(
      `connectMock: url must be an absolute http:// or https:// URL (as server.url), got ${JSON.stringify(text)}`,
    );
  }
  const extra =
    parsed.username || parsed.password
      ? 'credentials (user:password@): pass the admin token as adminToken'
      : parsed.search
        ? `a query (${parsed.search})`
        : parsed.hash
          ? `a fragment (${parsed.hash})`
          : '';
  if (extra) {
    // The password is not repeated in the message (it may end up in a CI log).
    parsed.username = parsed.username && '***';
    parsed.password = parsed.password && '***';
    throw new TypeError(
      `connectMock: url must be the mock's base URL without ${extra}, got ${JSON.stringify(parsed.href)}`,
    );
  }
  return text.replace(/\/+$/, '');
}

/**
 * Refuses a fault whose `body_includes` holds what JSON would change or drop (NaN, a Date, an
 * undefined), as the server object does, before JSON.stringify sends a fault on other bodies.
 */
function checkBodyIncludes(spec: unknown): void {
  const pattern = (spec as { body_includes?: unknown } | null)?.body_includes;
  if (typeof pattern !== 'object' || pattern === null || Array.isArray(pattern)) return;
  const at = notJsonAt(pattern, 'body_includes');
  if (at !== undefined) throw invalidField(at, 'type', NOT_JSON_MESSAGE);
}
