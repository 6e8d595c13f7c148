import { maxAdvance } from '../clock.js';
import { invalidField, validationError } from '../errors.js';
import type { DeliveryRow, WebhookRow } from '../store/records.js';
import { publicView } from '../store/table.js';
import {
  showsMaskedCredentials,
  urlWithoutCredentials,
} from '../webhooks/url-without-credentials.js';
import type { DomainContext, Handler } from './context.js';
import { mustGet } from './lookup.js';
import { paginate } from './paginate.js';
import { unusedSecret } from './unused-secret.js';
import { webhookUrlIssues } from './value-rules.js';

// The URL's password (or a user name alone, a token) is shown as `***`, as alert e-mails show it: a
// key that reads webhooks (Variant A's agents:read among them) does not read the receiver's
// credentials. They are sent as `Authorization: Basic`, and kept by a PUT of the URL as read.
const view = (row: WebhookRow) => ({ ...publicView(row), url: urlWithoutCredentials(row.url) });
const one = (row: WebhookRow) => ({ data: view(row) });
const withSecret = (row: WebhookRow) => ({ data: { ...view(row), secret: row._secret } });

/**
 * A new signing secret: `whsec_` + 32 random bytes in hex, one no webhook signs with (a seeded
 * sequence gives those of an imported state it made).
 */
export function newSecret(ctx: DomainContext): string {
  return unusedSecret(ctx, 'webhook-secret', 32, 'whsec_', (secret) =>
    ctx.state.tables.webhooks
      .all()
      .some((w) => w._secret === secret || w._previous_secret === secret),
  );
}

/** GET /v1/webhooks. */
export const webhooksList: Handler = (ctx, { ws, query }) =>
  paginate(ctx.state.tables.webhooks.list(ws), query, view);

/** POST /v1/webhooks: the secret is in this response only. */
export const webhooksCreate: Handler = (ctx, { ws, body }) => {
  checkUrl(ctx, body.url);
  const now = ctx.now();
  const row: WebhookRow = {
    id: ctx.id(),
    url: body.url,
    events: body.events,
    description: body.description ?? null,
    active: true,
    health: 'healthy',
    created_at: now,
    updated_at: now,
    _ws: ws,
    _seq: ctx.seq(),
    _secret: newSecret(ctx),
    _consecutive_failures: 0,
  };
  return withSecret(ctx.state.tables.webhooks.put(row));
};

/** GET /v1/webhooks/{id}. */
export const webhooksRetrieve: Handler = (ctx, { ws, params }) =>
  one(mustGet(ctx.state.tables.webhooks, ws, params.id as string, 'webhook'));

/** PUT /v1/webhooks/{id}: `active: true` re-enables a deactivated webhook and clears its failures. */
export const webhooksUpdate: Handler = (ctx, { ws, params, body }) => {
  const row = mustGet(ctx.state.tables.webhooks, ws, params.id as string, 'webhook');
  if (body.url !== undefined && body.url !== urlWithoutCredentials(row.url)) {
    checkUrl(ctx, body.url);
    row.url = body.url;
  }
  if (body.events !== undefined) row.events = body.events;
  if (body.description !== undefined) row.description = body.description;
  if (body.active === true && !row.active) {
    row._consecutive_failures = 0;
    row.health = 'healthy';
  }
  if (body.active !== undefined) row.active = body.active;
  row.updated_at = ctx.now();
  if (body.active === false) ctx.deliveries.stopWebhook(row, 'webhook_deactivated');
  return one(row);
};

/** DELETE /v1/webhooks/{id}. */
export const webhooksDelete: Handler = (ctx, { ws, params }) => {
  const row = mustGet(ctx.state.tables.webhooks, ws, params.id as string, 'webhook');
  ctx.state.tables.webhooks.delete(row.id);
  ctx.deliveries.stopWebhook(row, 'webhook_deleted');
  return undefined;
};

/** POST /v1/webhooks/{id}/test: one `webhook.test` attempt now, its result returned. */
export const webhooksTest: Handler = async (ctx, { ws, params }) => {
  const row = mustGet(ctx.state.tables.webhooks, ws, params.id as string, 'webhook');
  const { eventId, attemptedAt, outcome } = await ctx.deliveries.test(row);
  return {
    data: { event: 'webhook.test', event_id: eventId, attempted_at: attemptedAt, ...outcome },
  };
};

/** GET /v1/webhooks/{id}/deliveries: the history, every attempt, filter `status`. */
export const webhooksListDeliveries: Handler = (ctx, { ws, params, query }) => {
  const row = mustGet(ctx.state.tables.webhooks, ws, params.id as string, 'webhook');
  return paginate(
    ctx.state.tables.deliveries.listOf(
      ws,
      row.id,
      (d) => !query.status || d.status === query.status,
    ),
    query,
    deliveryView,
  );
};

/** A delivery as the API shows it: what its attempts kept of their headers is the control API's. */
function deliveryView(row: DeliveryRow) {
  return { ...publicView(row), attempts: row.attempts.map(publicView) };
}

/**
 * POST /v1/webhooks/{id}/rotate-secret: a new secret, returned this once. It signs at once, or
 * after `grace_seconds` during which the secret in use until now goes on signing (a rotation
 * during a grace period keeps that one as the previous secret, with the new period).
 */
export const webhooksRotateSecret: Handler = (ctx, { ws, params, body }) => {
  const row = mustGet(ctx.state.tables.webhooks, ws, params.id as string, 'webhook');
  const now = ctx.nowMs();
  const inUse = signingSecret(row, now);
  const grace = (body?.grace_seconds as number | undefined) ?? 0;
  row._secret = newSecret(ctx);
  if (grace > 0) {
    row._previous_secret = inUse;
    // Not past the last date the clock can reach, or the previous secret would sign for good.
    row._previous_until = now + Math.min(grace * 1000, maxAdvance(now));
  } else {
    delete row._previous_secret;
    delete row._previous_until;
  }
  row.updated_at = ctx.now();
  return withSecret(row);
};

/** The secret that signs a delivery sent at `now`: the previous one during a rotation's grace period. */
export function signingSecret(row: WebhookRow, now: number): string {
  return row._previous_secret !== undefined && now < (row._previous_until ?? 0)
    ? row._previous_secret
    : row._secret;
}

function checkUrl(ctx: DomainContext, url: string): void {
  // A URL copied from a read, where the password is shown as ***: sent, it would fail every delivery.
  if (showsMaskedCredentials(url)) {
    throw invalidField(
      'url',
      'credentials',
      'must not carry *** as its password: it is how reads show the password kept; send the URL exactly as read to keep it, or the password to change it',
    );
  }
  const issues = webhookUrlIssues(url, ctx.requireHttps, 'url');
  if (issues.length > 0) throw validationError(issues);
}
