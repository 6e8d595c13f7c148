import { verifyWebhookSync } from '@agent-platform/webhook-verify/node';
import { beforeEach, describe, expect, it } from 'vitest';
import { connectMock } from '../../src/client.js';
import { createMockServer } from '../../src/index.js';
import { apiClient } from '../support/api.js';
import { useMock } from '../support/harness.js';
import { inProcess, transports } from '../support/transports.js';

// A suite with no receiver of its own (another language, a receiver it cannot reach) verifies the
// signature of what the mock sent with its own HMAC code, from each attempt's headers and body: so
// they must be what went over the wire, this attempt's, and pass an independent verifier.

/** An attempt as GET /__mock/webhook-attempts answers it (the fields these tests read). */
interface WireAttempt {
  number: number;
  attempted_at: string;
  headers: Record<string, string> | null;
  body: string;
  payload: unknown;
}

/** What a receiver got: the headers (names in lower case) and the body of each request. */
interface Received {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A deliveryFetch that keeps what it was sent and answers each request with the next status of
 * `statuses` (204 once they run out); both emptied before each test.
 */
function receiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  beforeEach(() => {
    received.length = 0;
    statuses.length = 0;
  });
  const deliveryFetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    const headers = Object.fromEntries(
      Object.entries(init?.headers as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    received.push({ url: String(url), headers, body: String(init?.body) });
    return new Response(null, { status: statuses.shift() ?? 204 });
  };
  return { received, statuses, deliveryFetch };
}

describe.each(transports)(
  'webhook attempts with the headers and body they sent, over $name',
  (transport) => {
    describe.each(['A', 'B'] as const)('Variant %s', (variant) => {
      const r = receiver();
      const h = useMock(transport, { variant, deliveryFetch: r.deliveryFetch });

      it('verify with webhook-verify from their headers and body alone, which are what the receiver got', async () => {
        const hook = await h.call('POST', '/v1/webhooks', {
          body: { url: 'https://hooks.example.com/all', events: ['contact.created'] },
        });
        await h.call('POST', '/v1/contacts', { body: { name: 'Ada' } });
        await h.call('POST', '/__mock/settle');
        const res = await h.call('GET', '/__mock/webhook-attempts');
        expect(res.status).toBe(200);
        const attempts = res.body.data as WireAttempt[];
        expect(attempts).toHaveLength(1);
        const [attempt] = attempts as [WireAttempt];
        const event = verifyWebhookSync({
          variant,
          rawBody: attempt.body,
          headers: attempt.headers ?? {},
          secret: hook.body.data.secret,
          now: new Date(attempt.attempted_at),
        });
        expect(event).toMatchObject({ event: 'contact.created', data: { name: 'Ada' } });
        // Exactly what went out, every header the mock set and no other, names in lower case.
        expect(r.received).toHaveLength(1);
        expect(attempt.headers).toEqual(r.received[0]?.headers);
        expect(attempt.body).toBe(r.received[0]?.body);
        expect(JSON.parse(attempt.body)).toEqual(attempt.payload);
        expect(Object.keys(attempt.headers ?? {})).toEqual(
          Object.keys(attempt.headers ?? {}).sort(),
        );
        // The same in-process and through connectMock.
        expect(h.mock.webhookAttempts()).toEqual(attempts);
        const client = connectMock(h.connection.baseUrl, { fetch: h.connection.fetch });
        expect(await client.webhookAttempts()).toEqual(attempts);
        // The API's own view of the delivery shows the spec's fields of an attempt, no other.
        const listed = await h.call('GET', `/v1/webhooks/${hook.body.data.id}/deliveries`);
        expect(Object.keys(listed.body.data[0].attempts[0]).sort()).toEqual([
          'attempted_at',
          'error',
          'http_status',
          'number',
          'response_time_ms',
          'succeeded',
        ]);
      });

      it('show an Authorization header a URL with credentials sent as [redacted], never its value', async () => {
        const hook = await h.call('POST', '/v1/webhooks', {
          body: {
            url: 'https://hook-user:hook-pass@hooks.example.com/a',
            events: ['contact.created'],
          },
        });
        await h.call('POST', '/v1/contacts', { body: { name: 'Ada' } });
        await h.call('POST', '/__mock/settle');
        // It was sent: Basic and base64 of hook-user:hook-pass.
        expect(r.received[0]?.headers.authorization).toBe('Basic aG9vay11c2VyOmhvb2stcGFzcw==');
        const res = await h.call('GET', '/__mock/webhook-attempts');
        const [attempt] = res.body.data as [WireAttempt];
        expect(attempt.headers).toEqual({
          ...r.received[0]?.headers,
          authorization: '[redacted]',
        });
        const text = JSON.stringify(res.body);
        expect(text).not.toContain('aG9vay11c2VyOmhvb2stcGFzcw');
        expect(text).not.toContain('hook-pass');
        // The signature is over the body alone (and the timestamp): it still verifies.
        expect(() =>
          verifyWebhookSync({
            variant,
            rawBody: attempt.body,
            headers: attempt.headers ?? {},
            secret: hook.body.data.secret,
            now: new Date(attempt.attempted_at),
          }),
        ).not.toThrow();
      });

      it("show, during a rotation's grace, the signature it sends: the previous secret's", async () => {
        const hook = await h.call('POST', '/v1/webhooks', {
          body: { url: 'https://hooks.example.com/a', events: ['contact.created'] },
        });
        const rotated = await h.call('POST', `/v1/webhooks/${hook.body.data.id}/rotate-secret`, {
          body: { grace_seconds: 3600 },
        });
        const previous = hook.body.data.secret as string;
        const next = rotated.body.data.secret as string;
        await h.call('POST', '/v1/contacts', { body: { name: 'during' } });
        await h.call('POST', '/__mock/settle');
        await h.call('POST', '/__mock/clock/advance', { body: { ms: 3_600_000 } });
        await h.call('POST', '/v1/contacts', { body: { name: 'after' } });
        await h.call('POST', '/__mock/settle');
        const res = await h.call('GET', '/__mock/webhook-attempts');
        const [during, after] = res.body.data as [WireAttempt, WireAttempt];
        const verify = (attempt: WireAttempt, secret: string) => () =>
          verifyWebhookSync({
            variant,
            rawBody: attempt.body,
            headers: attempt.headers ?? {},
            secret,
            now: new Date(attempt.attempted_at),
          });
        const mismatch = expect.objectContaining({ code: 'signature_mismatch' });
        // One signature each (the mock sends no second one during a grace), by the secret that signed.
        expect(verify(during, previous)).not.toThrow();
        expect(verify(during, next)).toThrow(mismatch);
        expect(verify(after, next)).not.toThrow();
        expect(verify(after, previous)).toThrow(mismatch);
        const signatureHeaders = (attempt: WireAttempt) =>
          Object.keys(attempt.headers ?? {}).filter((name) => name.endsWith('-signature'));
        expect(signatureHeaders(during)).toHaveLength(1);
      });
    });

    describe('Variant A, retried', () => {
      const r = receiver();
      const h = useMock(transport, { variant: 'A', deliveryFetch: r.deliveryFetch });

      it('each attempt carries its own timestamp and signature, as it sent them', async () => {
        r.statuses.push(500);
        const hook = await h.call('POST', '/v1/webhooks', {
          body: { url: 'https://hooks.example.com/a', events: ['contact.created'] },
        });
        await h.call('POST', '/v1/contacts', { body: { name: 'Ada' } });
        await h.call('POST', '/__mock/settle');
        await h.call('POST', '/__mock/clock/advance', { body: { ms: 60_000 } });
        const res = await h.call('GET', '/__mock/webhook-attempts');
        const attempts = res.body.data as WireAttempt[];
        expect(attempts.map((a) => a.number)).toEqual([1, 2]);
        expect(attempts.map((a) => a.headers)).toEqual(r.received.map((got) => got.headers));
        const [first, second] = attempts as [WireAttempt, WireAttempt];
        const stamp = (a: WireAttempt) => Number(a.headers?.['x-webhook-timestamp']);
        expect(stamp(second) - stamp(first)).toBe(60);
        expect(stamp(first)).toBe(Date.parse(first.attempted_at) / 1000);
        expect(second.headers?.['x-webhook-signature']).not.toBe(
          first.headers?.['x-webhook-signature'],
        );
        expect(second.body).toBe(first.body);
        for (const attempt of attempts) {
          expect(() =>
            verifyWebhookSync({
              variant: 'A',
              rawBody: attempt.body,
              headers: attempt.headers ?? {},
              secret: hook.body.data.secret,
              now: new Date(attempt.attempted_at),
            }),
          ).not.toThrow();
        }
      });
    });

    describe('from a state file', () => {
      const r = receiver();
      const h = useMock(transport, { variant: 'A', deliveryFetch: r.deliveryFetch });

      /** One delivery, its attempt answered, sent to a URL with credentials; the state exported. */
      async function delivered() {
        await h.call('POST', '/v1/webhooks', {
          body: { url: 'https://u:p@hooks.example.com/a', events: ['contact.created'] },
        });
        await h.call('POST', '/v1/contacts', { body: { name: 'Ada' } });
        await h.call('POST', '/__mock/settle');
        const before = (await h.call('GET', '/__mock/webhook-attempts')).body.data as WireAttempt[];
        const state = (await h.call('GET', '/__mock/state')).body;
        return { before, state };
      }

      it('keep their headers through an export and an import', async () => {
        const { before, state } = await delivered();
        expect(before[0]?.headers).toMatchObject({ authorization: '[redacted]' });
        expect((await h.call('PUT', '/__mock/state', { body: state })).status).toBe(204);
        expect((await h.call('GET', '/__mock/webhook-attempts')).body.data).toEqual(before);
      });

      it('of a version that kept no headers import, and show headers null beside the body sent', async () => {
        const { before, state } = await delivered();
        // What a state file written before attempts kept their headers holds: the spec's fields only.
        for (const delivery of state.tables.deliveries) {
          delivery.attempts = delivery.attempts.map(
            ({ _signature, _authorization, ...spec }: Record<string, unknown>) => spec,
          );
        }
        expect((await h.call('PUT', '/__mock/state', { body: state })).status).toBe(204);
        const after = (await h.call('GET', '/__mock/webhook-attempts')).body.data as WireAttempt[];
        expect(after).toEqual(before.map((a) => ({ ...a, headers: null })));
        expect(after[0]?.body).toBe(before[0]?.body);
      });

      it('refuse a signature the mock could not have sent, naming the field and rule', async () => {
        const { state } = await delivered();
        const [attempt] = state.tables.deliveries[0].attempts;
        attempt._signature = 'sha256=XYZ';
        const res = await h.call('PUT', '/__mock/state', { body: state });
        expect(res.status).toBe(400);
        expect(res.body.error.details).toMatchObject([
          { field: 'tables.deliveries[0].attempts[0]._signature', rule: 'pattern' },
        ]);
        attempt._signature = undefined;
        const alone = await h.call('PUT', '/__mock/state', { body: state });
        expect(alone.status).toBe(400);
        expect(alone.body.error.details).toMatchObject([
          { field: 'tables.deliveries[0].attempts[0]._signature', rule: 'required' },
        ]);
      });
    });
  },
);

describe('webhook attempts the receiver never answered', () => {
  it('show the headers they gave to fetch on a network error, signed over the body they show', async () => {
    const mock = createMockServer({
      clock: 'manual',
      variant: 'B',
      deliveryGraceMs: 0,
      deliveryFetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      const call = apiClient(inProcess(mock), key);
      const hook = await call('POST', '/v1/webhooks', {
        body: { url: 'https://hooks.example.com/a', events: ['contacts'] },
      });
      await call('POST', '/v1/contacts', { body: { name: 'Ada' } });
      await mock.settle();
      const [attempt] = mock.webhookAttempts();
      expect(attempt?.error).toMatch(/^network error/);
      expect(attempt?.headers).toMatchObject({
        'x-service-signature': expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
      });
      const event = verifyWebhookSync({
        variant: 'B',
        rawBody: attempt?.body ?? '',
        headers: attempt?.headers ?? {},
        secret: hook.body.data.secret,
        now: new Date(attempt?.attempted_at ?? ''),
      });
      expect(event.event).toBe('contact.created');
    } finally {
      mock.dispose();
    }
  });
});
