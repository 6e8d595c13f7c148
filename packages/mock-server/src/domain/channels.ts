import { conflict, fieldDetail, notFound, validationError } from '../errors.js';
import type { ChannelRow } from '../store/records.js';
import { publicView } from '../store/table.js';
import type { DomainContext, Handler } from './context.js';
import { mustGet } from './lookup.js';
import { cachedPage } from './paginate.js';
import { unusedSecret } from './unused-secret.js';
import { businessHoursIssues } from './value-rules.js';

const MESSAGING = new Set(['whatsapp', 'instagram']);
const QR_LIFETIME_MS = 5 * 60 * 1000;

const view = (row: ChannelRow) => publicView(row);
const one = (row: ChannelRow) => ({ data: view(row) });
const settingsView = (row: ChannelRow) => ({ data: { channel_id: row.id, ...row._settings } });

/** GET /v1/channels, filters `agent_id`, `type`, `status`. */
export const channelsList: Handler = (ctx, { ws, query }) =>
  cachedPage(
    ctx.state.tables.channels,
    ws,
    query,
    (c) =>
      (!query.agent_id || c.agent_id === query.agent_id) &&
      (!query.type || c.type === query.type) &&
      (!query.status || c.status === query.status),
  );

/** POST /v1/channels: messaging channels start `pending`, email and widget `active`. */
export const channelsCreate: Handler = (ctx, { ws, body }) => {
  if (body.agent_id) mustGet(ctx.state.tables.agents, ws, body.agent_id, 'agent');
  const now = ctx.now();
  const type = body.type ?? 'widget';
  const row: ChannelRow = {
    id: ctx.id(),
    name: body.name,
    type,
    status: MESSAGING.has(type) ? 'pending' : 'active',
    agent_id: body.agent_id ?? null,
    created_at: now,
    updated_at: now,
    _ws: ws,
    _seq: ctx.seq(),
    _settings: {
      welcome_message: null,
      away_message: null,
      language: 'en',
      business_hours: null,
      updated_at: now,
    },
    _widget_key: newWidgetKey(ctx),
  };
  ctx.state.tables.channels.put(row);
  if (row.status === 'active') ctx.emit('channel.connected', ws, view(row));
  return one(row);
};

/** A widget key no channel has (a seeded sequence gives those of an imported state it made). */
function newWidgetKey(ctx: DomainContext): string {
  return unusedSecret(ctx, 'widget-key', 16, 'wk_', (key) =>
    ctx.state.tables.channels.all().some((c) => c._widget_key === key),
  );
}

/** GET /v1/channels/{id}. */
export const channelsRetrieve: Handler = (ctx, { ws, params }) =>
  one(mustGet(ctx.state.tables.channels, ws, params.id as string, 'channel'));

/** PUT /v1/channels/{id}: name and agent binding (`agent_id: null` unbinds). */
export const channelsUpdate: Handler = (ctx, { ws, params, body }) => {
  const row = mustGet(ctx.state.tables.channels, ws, params.id as string, 'channel');
  if (body.agent_id) mustGet(ctx.state.tables.agents, ws, body.agent_id, 'agent');
  const next = ctx.state.tables.channels.update(row, {
    name: body.name,
    agent_id: body.agent_id,
    updated_at: ctx.now(),
  });
  return one(next);
};

/**
 * DELETE /v1/channels/{id}: emits channel.disconnected. Its conversations stay, with `channel_id`
 * null and marked as having lost their channel: a human message in them can no longer be delivered.
 */
export const channelsDelete: Handler = (ctx, { ws, params }) => {
  const row = mustGet(ctx.state.tables.channels, ws, params.id as string, 'channel');
  ctx.state.tables.channels.delete(row.id);
  const now = ctx.now();
  // In place, as every conversation change: a pending AI answer holds the row and checks it is the same.
  for (const c of ctx.state.tables.conversations.list(ws, (c) => c.channel_id === row.id)) {
    c.channel_id = null;
    c._channel_deleted = true;
    c.updated_at = now;
  }
  ctx.emit('channel.disconnected', ws, { ...view(row), status: 'disconnected' });
  return undefined;
};

/** GET /v1/channels/{id}/settings. */
export const channelsRetrieveSettings: Handler = (ctx, { ws, params }) =>
  settingsView(mustGet(ctx.state.tables.channels, ws, params.id as string, 'channel'));

/** PUT /v1/channels/{id}/settings: a partial update. */
export const channelsUpdateSettings: Handler = (ctx, { ws, params, body }) => {
  const zone = body.business_hours?.timezone;
  const timezone = zone === undefined ? undefined : canonicalTimeZone(zone);
  const issues =
    zone !== undefined && timezone === undefined
      ? [
          fieldDetail(
            'business_hours.timezone',
            'format',
            `must be an IANA time zone such as Europe/Madrid or UTC, not "${zone}"`,
          ),
        ]
      : [];
  if (body.business_hours)
    issues.push(...businessHoursIssues(body.business_hours, 'business_hours'));
  if (issues.length > 0) throw validationError(issues);
  const row = mustGet(ctx.state.tables.channels, ws, params.id as string, 'channel');
  const settings = { ...row._settings };
  if (body.welcome_message !== undefined) settings.welcome_message = body.welcome_message;
  if (body.away_message !== undefined) settings.away_message = body.away_message;
  if (body.language !== undefined) settings.language = canonicalLanguageCase(body.language);
  if (body.business_hours !== undefined) {
    settings.business_hours = body.business_hours && { ...body.business_hours, timezone };
  }
  settings.updated_at = ctx.now();
  return settingsView(ctx.state.tables.channels.update(row, { _settings: settings }));
};

/**
 * A BCP 47 tag in the case it recommends (RFC 5646 2.1.1): language and variants in lower case, a
 * script (four letters) in title case, a region (two letters) in upper case: `EN-us` is `en-US`,
 * `zh-hant-tw` is `zh-Hant-TW`. The spec's pattern admits no singleton, so no extension follows.
 */
function canonicalLanguageCase(tag: string): string {
  return tag
    .split('-')
    .map((subtag, i) => {
      if (i > 0 && /^[a-z]{2}$/i.test(subtag)) return subtag.toUpperCase();
      if (i > 0 && /^[a-z]{4}$/i.test(subtag))
        return subtag.charAt(0).toUpperCase() + subtag.slice(1).toLowerCase();
      return subtag.toLowerCase();
    })
    .join('-');
}

/**
 * A time zone the platform knows (the IANA database, as Intl has it) in its canonical case
 * (`europe/madrid` is stored as `Europe/Madrid`); an alias keeps its own name (`US/Pacific`
 * stays, it is not turned into `America/Los_Angeles`). Undefined for an unknown zone.
 */
function canonicalTimeZone(zone: string): string | undefined {
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  return resolved.toLowerCase() === zone.toLowerCase() ? resolved : zone;
}

/** GET /v1/channels/{id}/qr-code: messaging channels only (409 otherwise). */
export const channelsRetrieveQrCode: Handler = (ctx, { ws, params }) => {
  const row = mustGet(ctx.state.tables.channels, ws, params.id as string, 'channel');
  if (!MESSAGING.has(row.type)) {
    throw conflict(
      `channel ${row.id} is of type ${row.type}; QR codes exist only for whatsapp and instagram channels`,
    );
  }
  return {
    data: {
      qr_code: `agent-platform-pair:${row.id}:${ctx.randomHex('qr-code', 16)}`,
      expires_at: new Date(ctx.nowMs() + QR_LIFETIME_MS).toISOString(),
    },
  };
};

/** GET /v1/channels/{id}/widget: widget channels only (409 otherwise). */
export const channelsRetrieveWidget: Handler = (ctx, { ws, params }) => {
  const row = mustGet(ctx.state.tables.channels, ws, params.id as string, 'channel');
  if (row.type !== 'widget') {
    throw conflict(
      `channel ${row.id} is of type ${row.type}; only widget channels have an embed code`,
    );
  }
  return {
    data: {
      embed_script: `<script src="https://widget.agent-platform.dev/v1/widget.js" data-widget-key="${row._widget_key}" async></script>`,
      widget_key: row._widget_key,
    },
  };
};

/** Control API: a messaging channel scanned its QR code and becomes `active`. */
export function pairChannel(ctx: DomainContext, id: string): ReturnType<typeof view> {
  const row = ctx.state.tables.channels.find(id);
  if (!row) throw notFound('channel', id);
  if (!MESSAGING.has(row.type)) {
    throw conflict(
      `channel ${row.id} is of type ${row.type}; only whatsapp and instagram channels are paired`,
    );
  }
  if (row.status === 'active') return view(row);
  const next = ctx.state.tables.channels.update(row, { status: 'active', updated_at: ctx.now() });
  ctx.emit('channel.connected', next._ws, view(next));
  return view(next);
}

/** The statuses the control API can set, and the event each change emits. */
const STATUS_EVENTS = {
  active: 'channel.connected',
  disconnected: 'channel.disconnected',
  error: 'channel.error',
} as const;

/** A status the control API can give a channel (`pending` belongs to a channel never paired). */
export type SettableChannelStatus = keyof typeof STATUS_EVENTS;

/**
 * Control API: a channel's connection changes (an account unpaired from the phone, a provider
 * failure, a reconnection): it takes `status` and emits its event. Setting the status it has changes
 * nothing and emits nothing.
 */
export function setChannelStatus(
  ctx: DomainContext,
  id: string,
  status: SettableChannelStatus,
): ReturnType<typeof view> {
  const row = ctx.state.tables.channels.find(id);
  if (!row) throw notFound('channel', id);
  if (row.status === status) return view(row);
  const next = ctx.state.tables.channels.update(row, { status, updated_at: ctx.now() });
  ctx.emit(STATUS_EVENTS[status], next._ws, view(next));
  return view(next);
}
