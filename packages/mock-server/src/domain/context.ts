import type { ApiError } from '../errors.js';
import type { SecretKind } from '../ids.js';
import type { ApiKeyRecord, McpTool, Variant, WebhookRow } from '../store/records.js';
import type { State } from '../store/state.js';
import type { EventKind } from '../webhooks/event-names.js';
import type { ReminderSchedule } from './appointment-reminders.js';
import type { ResponderInput } from './responder.js';

/** What the domain needs from the server: state, time, ids and the event emitter. No HTTP. */
export interface DomainContext {
  readonly state: State;
  readonly variant: Variant;
  /** Webhook URLs must be https. */
  readonly requireHttps: boolean;
  /** The current time on the mock's clock, ISO 8601 with milliseconds. */
  now(): string;
  /** The current time on the mock's clock, ms since the epoch. */
  nowMs(): number;
  /** A new resource id. */
  id(): string;
  /** `bytes` random bytes in hex, for secrets and keys (seeded when ids are, per kind). */
  randomHex(kind: SecretKind, bytes: number): string;
  /** The next creation sequence number. */
  seq(): number;
  /** The AI agent's answer to a customer message (the `responder` option); null when it failed. */
  respond(input: ResponderInput): Promise<string | null>;
  /** The simulated tools of a newly registered MCP server (the `mcpTools` option). */
  mcpToolsFor(server: { name: string; url: string }): McpTool[];
  /** Webhook delivery. */
  readonly deliveries: WebhookDeliveries;
  /** Appointment reminders (Variant B), on the mock's clock. */
  readonly reminders: ReminderSchedule;
  /** Emits an event of this kind (in the active variant's name, if it has one). */
  emit(kind: EventKind, workspaceId: string, data: unknown): void;
}

/** The outcome of one delivery attempt. */
export interface AttemptResult {
  http_status: number | null;
  response_time_ms: number | null;
  error: string | null;
  succeeded: boolean;
}

/** What the domain asks of webhook delivery (implemented by the dispatcher; no HTTP here). */
export interface WebhookDeliveries {
  /** One test attempt now, awaited: the test event's id, when it was attempted, and how it ended. */
  test(hook: WebhookRow): Promise<{ eventId: string; attemptedAt: string; outcome: AttemptResult }>;
  /** The webhook is gone or off: its pending deliveries fail with that reason. */
  stopWebhook(hook: WebhookRow, reason: 'webhook_deleted' | 'webhook_deactivated'): void;
}

/** One request's inputs after validation. */
export interface OperationInput {
  /** The workspace of the key (empty for unauthenticated operations). */
  ws: string;
  key: ApiKeyRecord | null;
  params: Record<string, string>;
  query: Readonly<Record<string, unknown>>;
  // biome-ignore lint/suspicious/noExplicitAny: validated against the spec's schema before it gets here.
  body: any;
}

/** A response with a status other than the operation's success status. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    /** The error the body holds besides its own fields (the health check's 503), for `onRequest`. */
    readonly error?: ApiError,
  ) {}
}

/** An operation's domain logic: the response body (undefined for 204), or a `Reply`. */
export type Handler = (ctx: DomainContext, input: OperationInput) => unknown;
