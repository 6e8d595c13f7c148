import { describe, expect, it } from 'vitest';
import type { WebhookEvent } from '../webhook-event.js';
import { validateWebhookData, webhookDataSchema } from './validate-webhook-data.js';

const conversation = {
  id: '6f1c0e5a-2b7d-4c3e-9a8f-1d2e3f4a5b6c',
  agent_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  contact_id: null,
  channel_id: null,
  status: 'open',
  metadata: {},
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const eventWith = (event: string, data: unknown) =>
  ({
    variant: 'B',
    event_id: 'e',
    event,
    timestamp: '2026-01-01T00:00:00.000Z',
    webhook_id: 'w',
    data,
  }) as WebhookEvent;

describe('validateWebhookData', () => {
  it('accepts data that matches the spec, returning the same event', () => {
    const event = eventWith('conversation.created', conversation);
    expect(validateWebhookData(event)).toBe(event);
  });

  it.each([
    ['a missing field', { ...conversation, agent_id: undefined }, /agent_id/],
    ['a value outside the enum', { ...conversation, status: 'archived' }, /status/],
    ['a wrong type', { ...conversation, metadata: 'x' }, /metadata/],
    ['a malformed uuid', { ...conversation, id: 'not-a-uuid' }, /data\.id/],
  ])('rejects %s with invalid_body naming the path', (_name, data, path) => {
    expect(() => validateWebhookData(eventWith('conversation.created', data))).toThrow(
      expect.objectContaining({ code: 'invalid_body', message: expect.stringMatching(path) }),
    );
  });

  it('rejects an event the spec does not list, unless told to accept it', () => {
    const event = eventWith('brand.new', {});
    expect(() => validateWebhookData(event)).toThrow(
      expect.objectContaining({ code: 'invalid_body' }),
    );
    expect(validateWebhookData(event, { unknownEvents: 'accept' })).toBe(event);
  });

  it('has a schema for every event, and none for inherited object keys', () => {
    expect(webhookDataSchema('credit.low')?.safeParse({ credits_remaining: 3 }).success).toBe(true);
    expect(webhookDataSchema('toString')).toBeUndefined();
  });
});
