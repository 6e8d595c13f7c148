// A state filled with every kind of record, and an import of it edited, for the state-import tests.
import { expect } from 'vitest';
import type { ErrorDetail } from '../../src/index.js';
import type { Harness } from './harness.js';

/** A change to a snapshot, as a hand-edited seed file makes. */
// biome-ignore lint/suspicious/noExplicitAny: a hand-edited snapshot is any JSON.
export type Edit = (snapshot: any) => void;

/** Webhook deliveries answered without a network: URLs with `fail` get 500, others 200. */
export const deliveryFetch = (async (input: RequestInfo | URL) =>
  new Response('', { status: String(input).includes('fail') ? 500 : 200 })) as typeof fetch;

/** PUT /__mock/state of the current state changed by `edit`: refused, nothing changed; the details. */
export async function refusedImport(h: Harness, edit: Edit): Promise<ErrorDetail[]> {
  const before = h.mock.exportState();
  const bad = structuredClone(before);
  edit(bad);
  const res = await h.call('PUT', '/__mock/state', { body: bad });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(h.mock.exportState()).toEqual(before);
  return res.body.error.details;
}

/**
 * Fills the mock through the API with every kind of record: each resource, trainings of both
 * kinds, channel settings with business hours, select and archived custom fields, a rotated webhook
 * in its grace period, pending, failed, succeeded and test deliveries, a human chat with a media
 * message, an edited message, a closed conversation, MCP servers linked, in error and with a tool
 * off, a cancelled appointment, a revoked key; in Variant B, a failing webhook and its alert.
 */
export async function fillState(h: Harness, variant: 'A' | 'B'): Promise<void> {
  const ok = async (method: string, path: string, body?: unknown) => {
    const res = await h.call(method, path, body === undefined ? {} : { body });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body?.data;
  };
  const agent = await ok('POST', '/v1/agents', {
    name: 'Support',
    description: 'Answers',
    avatar_url: 'https://example.com/a.png',
    instructions: 'Be brief.',
    temperature: 1.2,
  });
  const other = await ok('POST', '/v1/agents', { name: 'Night' });
  await ok('POST', `/v1/agents/${other.id}/deactivate`);
  await ok('POST', `/v1/agents/${agent.id}/trainings`, {
    type: 'text',
    title: 'Returns',
    content: 'Within 30 days.',
  });
  await ok('POST', `/v1/agents/${agent.id}/trainings`, {
    type: 'url',
    url: 'https://example.com/faq',
  });
  const widget = await ok('POST', '/v1/channels', {
    name: 'Site',
    type: 'widget',
    agent_id: agent.id,
  });
  const whatsapp = await ok('POST', '/v1/channels', {
    name: 'WhatsApp',
    type: 'whatsapp',
    agent_id: agent.id,
  });
  h.mock.pairChannel(whatsapp.id);
  await ok('PUT', `/v1/channels/${widget.id}/settings`, {
    welcome_message: 'Hi!',
    language: 'pt-BR',
    business_hours: {
      timezone: 'europe/madrid',
      schedule: [{ day: 'mon', open: '09:00', close: '17:00' }],
    },
  });
  await ok('POST', '/v1/custom-fields', {
    name: 'plan',
    type: 'select',
    options: ['free', 'pro'],
    required: true,
  });
  await ok('POST', '/v1/custom-fields', {
    name: 'tags',
    type: 'multi_select',
    options: ['a', 'b'],
  });
  const old = await ok('POST', '/v1/custom-fields', { name: 'old', type: 'text' });
  await ok('POST', `/v1/custom-fields/${old.id}/archive`);
  const contact = await ok('POST', '/v1/contacts', {
    name: 'Ada',
    email: 'ada@example.com',
    phone: '+34600111222',
    custom_fields: { plan: 'pro', tags: ['a', 'b'] },
  });
  await ok('POST', '/v1/webhooks', { url: 'https://ok.example/hook', events: ['*'] });
  // Three events, three failed attempts: Variant A deactivates a webhook only after five.
  const failing = await ok('POST', '/v1/webhooks', {
    url: 'https://fail.example/hook',
    events: ['appointments'],
    description: 'always 500',
  });
  await ok('POST', `/v1/webhooks/${failing.id}/rotate-secret`, { grace_seconds: 86_400 });
  await ok('POST', `/v1/webhooks/${failing.id}/test`);
  const started = await ok('POST', `/v1/agents/${agent.id}/conversation`, {
    message: 'Hello',
    contact_id: contact.id,
    metadata: { order: 42, vip: true, note: null },
  });
  const chat = started.conversation_id;
  await ok('PUT', `/v1/conversations/${chat}/messages/${started.message_id}`, {
    content: 'Hello!',
  });
  await ok('POST', `/v1/chats/${chat}/start-human`, { assigned_to: crypto.randomUUID() });
  await ok('POST', `/v1/chats/${chat}/messages`, {
    type: 'image',
    media_url: 'https://example.com/photo.png',
  });
  const closed = await ok('POST', `/v1/agents/${agent.id}/conversation`, { message: 'Bye' });
  await ok('POST', `/v1/conversations/${closed.conversation_id}/close`);
  const mcp = await ok('POST', '/v1/mcp-servers', {
    name: 'Docs',
    url: 'https://mcp.example.com',
    headers: { Authorization: 'Bearer t' },
  });
  await ok('POST', `/v1/agent/${agent.id}/mcp/connect`, { mcp_id: mcp.id });
  await ok('PUT', `/v1/mcp-servers/${mcp.id}/tools/search`, { enabled: false });
  const broken = await ok('POST', '/v1/mcp-servers', {
    name: 'Broken',
    url: 'https://broken.example.com',
  });
  h.mock.setMcpServer(broken.id, {
    error: true,
    tools: [
      { name: 'ping', description: 'Ping', input_schema: { type: 'object' }, enabled: false },
    ],
  });
  await ok('POST', '/v1/appointments', {
    contact_id: contact.id,
    agent_id: agent.id,
    title: 'Demo',
    starts_at: '2026-12-01T10:00:00+01:00',
    ends_at: '2026-12-01T11:00:00Z',
    notes: 'Bring the order number',
  });
  const cancelled = await ok('POST', '/v1/appointments', {
    contact_id: contact.id,
    title: 'Call',
    starts_at: '2026-12-02T10:00:00Z',
  });
  await ok('POST', `/v1/appointments/${cancelled.id}/cancel`);
  const revoked = h.mock.createApiKey({ scopes: [], workspace_id: h.workspaceId, name: 'old' });
  h.mock.revokeApiKey(revoked.id);
  await h.mock.settle();
  if (variant === 'B') {
    // Five failed attempts in a row: the webhook is failing, and an alert e-mail is recorded.
    await h.mock.clock.advance(60_000);
    await h.mock.settle();
    expect(h.mock.alerts()).not.toEqual([]);
    await ok('POST', '/v1/appointments', {
      contact_id: contact.id,
      title: 'Follow-up',
      starts_at: '2026-12-03T10:00:00Z',
    });
  }
  await h.mock.settle();
}

/** An alert e-mail as Variant B records one, of `workspaceId` about `webhookId`. */
export const alertFor = (
  workspaceId: string,
  webhookId: string,
  sentAt = '2026-11-20T10:00:00.000Z',
) => ({
  id: crypto.randomUUID(),
  workspace_id: workspaceId,
  webhook_id: webhookId,
  to: 'owner@example.com',
  subject: 'Webhook failing',
  body: 'The last 5 deliveries failed.',
  sent_at: sentAt,
});
