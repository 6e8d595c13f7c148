import type { Clock } from './clock.js';
import type { Responder } from './domain/responder.js';
import type { RateLimitOption } from './http/rate-limiter.js';
import type { IdsOption } from './ids.js';
import type { RequestListener } from './request-log.js';
import type { McpTool, Variant } from './store/records.js';
import type { StateSnapshot } from './store/state.js';
import type { WebhookAttemptListener } from './webhooks/ended-attempt.js';

/** Options of `createMockServer`. */
export interface MockServerOptions {
  /** The scope vocabulary and webhook dialect: `'A'` (default) or `'B'`. */
  variant?: Variant | undefined;
  /** `'real'` (default), `'manual'` (time moves only with `clock.advance`), or your own Clock. */
  clock?: 'real' | 'manual' | Clock | undefined;
  /** Where a manual clock starts (default: now). */
  startTime?: Date | string | number | undefined;
  /** Requests per key per window; `false` turns the limit off. Default `{ limit: 100, windowMs: 60_000 }`. */
  rateLimit?: RateLimitOption | undefined;
  /** Webhook URLs must be https. */
  requireHttps?: boolean | undefined;
  /** Require this `x-mock-admin-token` on the control API. */
  adminToken?: string | undefined;
  /** `'none'` (default): empty; `'demo'`: the demo workspace and key; or a state exported earlier. */
  seed?: 'none' | 'demo' | StateSnapshot | undefined;
  /** Where the API is reached: MSW handlers match it and `fetch` resolves relative URLs against it. */
  baseUrl?: string | undefined;
  /** How ids, secrets and request ids are made: `'random'` (default) or `{ seed }` for the same ones each run. */
  ids?: IdsOption | undefined;
  /**
   * The AI agent's answer to a customer message (default: quote the best-matching training, or echo
   * the message; a media message without a caption gets a reply naming its kind).
   */
  responder?: Responder | undefined;
  /** The simulated tools of each new MCP server (default: `search` and `fetch`). */
  mcpTools?: McpTool[] | ((server: { name: string; url: string }) => McpTool[]) | undefined;
  /** The fetch webhook deliveries go out with (default: the global fetch, looked up per attempt). */
  deliveryFetch?: typeof fetch | undefined;
  /**
   * How long (real ms) a manual clock's `clock.advance`, and `settle()` on either clock, wait for
   * webhook attempts in flight; on a manual clock an attempt still unanswered when the clock passes
   * its 10 s deadline fails as a timeout. Default 1000.
   */
  deliveryGraceMs?: number | undefined;
  /** How many requests `requests()` keeps (default 1000). */
  journalSize?: number | undefined;
  /**
   * Where unexpected errors are reported: the mock's own (answered 500), a webhook attempt's, a
   * `responder`'s (method `RESPONDER`; the message stands, unanswered) and a throw or rejection of
   * an `events.on` listener (method `EVENT`); default `console.error`.
   */
  onError?: ((error: unknown, request: { method: string; path: string }) => void) | undefined;
  /**
   * Hears each request answered, once answered or cut: its journal entry, real `duration_ms`, and an
   * error answer's `code` and `message`; control API requests and preflights too. Off by default
   * (nothing is timed); a throw goes to `onError`. The CLI's `--log` prints these.
   * @example createMockServer({ onRequest: (r) => console.log(r.method, r.path, r.status, r.error?.message) })
   */
  onRequest?: RequestListener | undefined;
  /**
   * Hears each webhook attempt once its outcome is recorded: the attempt, and where it left its
   * delivery (retried when, or failed) and its webhook (deactivated). Off by default; a throw goes to
   * `onError`. The CLI's `--log` prints these, `--log errors` the failed ones.
   * @example createMockServer({ onWebhookAttempt: (a) => a.succeeded || console.warn(a.url, a.error) })
   */
  onWebhookAttempt?: WebhookAttemptListener | undefined;
}

/** The default address of the API: the CLI's default. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:4010';

/** The default rate limit of api-decisions section 3. */
export const DEFAULT_RATE_LIMIT = { limit: 100, windowMs: 60_000 } as const;
