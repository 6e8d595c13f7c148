import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/api.js';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

describe.each(transports)('webhook records over $name', (transport) => {
  const h = useMock(transport);

  it('returns the secret on creation only', async () => {
    const created = await h.call('POST', '/v1/webhooks', {
      body: {
        url: 'https://hooks.test/in',
        events: ['conversation.created', 'messages'],
        description: 'CRM',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(created.body.data).toMatchObject({
      active: true,
      health: 'healthy',
      events: ['conversation.created', 'messages'],
    });
    const read = await h.call('GET', `/v1/webhooks/${created.body.data.id}`);
    expect(read.body.data.secret).toBeUndefined();
    expect((await h.call('GET', '/v1/webhooks')).body.data[0].secret).toBeUndefined();
  });

  it("shows a URL's password as ***, to every key that reads webhooks, and keeps it on a PUT of the URL as read", async () => {
    // A read-only key (agents:read reads webhooks in Variant A) read the receiver's password.
    const created = await h.call('POST', '/v1/webhooks', {
      body: { url: 'https://ada:s3cret@Hooks.test/in?x=1', events: ['*'] },
    });
    const shown = 'https://ada:***@hooks.test/in?x=1';
    expect([created.status, created.body.data.url]).toEqual([201, shown]);
    const { id } = created.body.data;
    const reader = h.mock.createApiKey({
      scopes: ['agents:read'],
      workspace_id: h.workspaceId,
    }).key;
    const read = apiClient(h.connection, reader);
    expect((await read('GET', `/v1/webhooks/${id}`)).body.data.url).toBe(shown);
    expect((await read('GET', '/v1/webhooks')).body.data[0].url).toBe(shown);
    const kept = () => h.mock.exportState().tables.webhooks.find((w) => w.id === id)?.url;
    expect(kept()).toBe('https://ada:s3cret@Hooks.test/in?x=1');
    // A read-modify-write sends the URL as read: the password stays.
    const put = await h.call('PUT', `/v1/webhooks/${id}`, {
      body: { url: shown, description: 'CRM' },
    });
    expect([put.status, put.body.data.url, kept()]).toEqual([
      200,
      shown,
      'https://ada:s3cret@Hooks.test/in?x=1',
    ]);
    // *** on another URL is a slip, not a password; a new password replaces the old one.
    const slip = await h.call('PUT', `/v1/webhooks/${id}`, {
      body: { url: 'https://ada:***@hooks.test/elsewhere' },
    });
    expect([slip.status, slip.body.error.details]).toEqual([
      400,
      [
        {
          field: 'url',
          rule: 'credentials',
          message:
            'url: must not carry *** as its password: it is how reads show the password kept; send the URL exactly as read to keep it, or the password to change it',
        },
      ],
    ]);
    // Percent-encoded, or on a new webhook, it is the same slip.
    for (const [method, path, url] of [
      ['PUT', `/v1/webhooks/${id}`, 'https://ada:%2A%2A%2A@hooks.test/elsewhere'],
      ['POST', '/v1/webhooks', shown],
      ['POST', '/v1/webhooks', 'https://***@hooks.test/in'],
    ] as const) {
      const res = await h.call(method, path, { body: { url, events: ['*'] } });
      expect([url, res.status, res.body.error.details[0].rule]).toEqual([url, 400, 'credentials']);
    }
    await h.call('PUT', `/v1/webhooks/${id}`, { body: { url: 'https://ada:n3w@hooks.test/in' } });
    expect(kept()).toBe('https://ada:n3w@hooks.test/in');
    // A token as the user name alone is the secret then, and shown as ***; a URL without
    // credentials is shown as written.
    const token = await h.call('POST', '/v1/webhooks', {
      body: { url: 'https://tok_123@hooks.test/in', events: ['*'] },
    });
    expect(token.body.data.url).toBe('https://***@hooks.test/in');
    const plain = await h.call('POST', '/v1/webhooks', {
      body: { url: 'https://Hooks.test/in?to=a@b.test', events: ['*'] },
    });
    expect(plain.body.data.url).toBe('https://Hooks.test/in?to=a@b.test');
  });

  it('rotates the secret and returns the new one once', async () => {
    const created = (
      await h.call('POST', '/v1/webhooks', { body: { url: 'http://127.0.0.1:9/x', events: ['*'] } })
    ).body.data;
    const rotated = await h.call('POST', `/v1/webhooks/${created.id}/rotate-secret`);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(created.secret);
  });

  it('accepts only events and categories of the variant', async () => {
    const res = await h.call('POST', '/v1/webhooks', {
      body: { url: 'https://h.test', events: ['contact.deleted', 'billing'] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual([
      'events[0]',
      'events[1]',
    ]);
    expect(
      (await h.call('POST', '/v1/webhooks', { body: { url: 'https://h.test', events: [] } })).body
        .error.details[0].rule,
    ).toBe('minItems');
    expect(
      (await h.call('POST', '/v1/webhooks', { body: { url: 'ftp://h.test', events: ['*'] } })).body
        .error.details,
    ).toEqual([{ field: 'url', rule: 'pattern', message: 'url: must be an http or https URL' }]);
  });

  it("answers a subscription that is not the variant's with the variant's values only", async () => {
    for (const events of [['nope'], ['billing']]) {
      const res = await h.call('POST', '/v1/webhooks', { body: { url: 'https://h.test', events } });
      const [detail] = res.body.error.details;
      expect(detail).toMatchObject({ field: 'events[0]', rule: 'enum' });
      // Variant A's names and categories, not B's (billing, credit.low, conversation.assigned).
      // 18 of the spec's 39: no other variant's value, not even past the first 12 shown.
      expect(detail.message).toMatch(
        /^events\[0\]: (.* runs Variant A: )?must be one of "\*", "conversations", .* \(18 values\)$/,
      );
      const allowed = detail.message.slice(detail.message.indexOf('must be one of'));
      expect(allowed).not.toMatch(/billing|credit|conversation\.assigned/);
    }
    const created = await h.call('POST', '/v1/webhooks', {
      body: { url: 'https://h.test', events: ['*'] },
    });
    const updated = await h.call('PUT', `/v1/webhooks/${created.body.data.id}`, {
      body: { events: ['billing'] },
    });
    expect(updated.body.error.details[0]).toMatchObject({ field: 'events[0]', rule: 'enum' });
  });

  it('says webhook.test is no subscription, and names the event a slip is for, though past the values shown', async () => {
    const subscribe = async (event: string) =>
      (await h.call('POST', '/v1/webhooks', { body: { url: 'https://h.test', events: [event] } }))
        .body.error.details[0].message;
    expect(await subscribe('webhook.test')).toMatch(
      /^events\[0\]: "webhook\.test" is sent only by POST \/v1\/webhooks\/\{id\}\/test, to the webhook tested, and is not subscribed to: must be one of "\*", /,
    );
    // appointment.completed is past the 12 values the message lists.
    for (const slip of ['Appointment.Completed', 'appointment.complete', 'APPOINTMENTS']) {
      expect(await subscribe(slip)).toMatch(
        /\(18 values\); did you mean "appointment(s|\.completed)"\?$/,
      );
    }
    // B's spelling on A: the other variant's, and A's own named.
    expect(await subscribe('appointment.canceled')).toMatch(
      /^events\[0\]: "appointment\.canceled" is a Variant B event, and this server runs Variant A: .*; did you mean "appointment\.cancelled"\?$/,
    );
  });

  it("says a subscription of the other variant is that variant's, as a handoff's conversation.assigned is B's", async () => {
    for (const [value, kind] of [
      ['conversation.assigned', 'event'],
      ['billing', 'category'],
    ]) {
      const res = await h.call('POST', '/v1/webhooks', {
        body: { url: 'https://h.test', events: ['*', value] },
      });
      const [detail] = res.body.error.details;
      expect(detail).toMatchObject({ field: 'events[1]', rule: 'enum' });
      expect(detail.message).toMatch(
        new RegExp(
          `^events\\[1\\]: "${value}" is a Variant B ${kind}, and this server runs Variant A: must be one of "\\*", "conversations", .* \\(18 values\\)$`,
        ),
      );
    }
  });

  it('updates, re-enables with active: true, and deletes', async () => {
    const id = (
      await h.call('POST', '/v1/webhooks', { body: { url: 'https://h.test', events: ['*'] } })
    ).body.data.id;
    expect(
      (await h.call('PUT', `/v1/webhooks/${id}`, { body: { active: false } })).body.data.active,
    ).toBe(false);
    expect(
      (await h.call('PUT', `/v1/webhooks/${id}`, { body: { active: true, events: ['contacts'] } }))
        .body.data,
    ).toMatchObject({
      active: true,
      events: ['contacts'],
    });
    expect((await h.call('DELETE', `/v1/webhooks/${id}`)).status).toBe(204);
    expect((await h.call('GET', `/v1/webhooks/${id}`)).status).toBe(404);
  });
});

describe.each(transports)('webhook records with requireHttps over $name', (transport) => {
  const h = useMock(transport, { requireHttps: true, variant: 'B' });

  it('refuses http URLs and accepts Variant B categories', async () => {
    const res = await h.call('POST', '/v1/webhooks', {
      body: { url: 'http://h.test', events: ['billing'] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('url: must be an https URL (this server requires HTTPS)');
    expect(
      (
        await h.call('POST', '/v1/webhooks', {
          body: { url: 'https://h.test', events: ['billing', 'contact.deleted'] },
        })
      ).status,
    ).toBe(201);
    // A scheme is case-insensitive (RFC 3986): HTTPS is https, HTTP is not.
    const upper = await h.call('POST', '/v1/webhooks', {
      body: { url: 'HTTPS://h.test/hook', events: ['billing'] },
    });
    expect(upper.status).toBe(201);
    const plain = await h.call('POST', '/v1/webhooks', {
      body: { url: 'HTTP://h.test/hook', events: ['billing'] },
    });
    expect(plain.body.error.message).toBe('url: must be an https URL (this server requires HTTPS)');
  });
});
