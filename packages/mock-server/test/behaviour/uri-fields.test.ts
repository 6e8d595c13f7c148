import { describe, expect, it } from 'vitest';
import type { Call } from '../support/api.js';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

/** Every request field of `format: uri`, with a request that sets it to `url`. */
const FIELDS: [string, (call: Call, url: string) => ReturnType<Call>][] = [
  ['url', (call, url) => call('POST', '/v1/webhooks', { body: { url, events: ['*'] } })],
  [
    'avatar_url',
    (call, url) => call('POST', '/v1/agents', { body: { name: 'A', avatar_url: url } }),
  ],
  ['url', (call, url) => call('POST', '/v1/mcp-servers', { body: { name: 'M', url } })],
  [
    'url',
    async (call, url) => {
      const agent = (await call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
      return call('POST', `/v1/agents/${agent}/trainings`, { body: { type: 'url', url } });
    },
  ],
  [
    'media_url',
    async (call, url) => {
      const agent = (await call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
      const chat = (
        await call('POST', `/v1/agents/${agent}/conversation`, { body: { message: 'Hi' } })
      ).body.data.conversation_id;
      await call('POST', `/v1/chats/${chat}/start-human`, { body: {} });
      return call('POST', `/v1/chats/${chat}/messages`, {
        body: { type: 'image', media_url: url },
      });
    },
  ],
];

describe.each(transports)('format uri over $name', (transport) => {
  const h = useMock(transport);

  describe.each(FIELDS)('%s', (field, send) => {
    it.each([
      [
        'http://h.test/a[1].png',
        'must be an absolute URI, with [ and ] only around an IP address as its host (http://[::1]/); elsewhere percent-encoded (%5B, %5D)',
      ],
      [
        'http://h.test/a.png#b#c',
        'must be an absolute URI, with one # at most, before its fragment; a # in the fragment percent-encoded (%23)',
      ],
      [
        'http://h.test/100%.png',
        'must be an absolute URI, its spaces and other characters outside RFC 3986 percent-encoded',
      ],
      // Read by `new URL` as https://h.test/a.png: not the URL that would be stored.
      ['https:///h.test/a.png', 'must be an absolute URI, with a host after its //'],
    ])('refuses %j naming the field and rule', async (url, message) => {
      const res = await send(h.call, url);
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([
        { field, rule: 'format', message: `${field}: ${message}` },
      ]);
    });

    it('says that a value without a scheme needs one', async () => {
      const res = await send(h.call, 'h.test/hook.png');
      expect(res.status).toBe(400);
      // The field's own rule (http or https) says it too.
      expect(res.body.error.details).toEqual([
        { field, rule: 'pattern', message: `${field}: must be an http or https URL` },
        {
          field,
          rule: 'format',
          message: `${field}: must be an absolute URI, starting with its scheme (such as https:)`,
        },
      ]);
    });

    it.each([
      'http://[::1]:8080/x.png',
      'https://h.test/a.png?b=c#frag',
      'https://h.test/caf%C3%A9/a%20b.png?q=100%25&r=%5B1%5D#x%23y',
    ])('takes %j and reads it back as sent', async (url) => {
      const res = await send(h.call, url);
      expect(res.status).toBe(201);
      expect(res.body.data[field]).toBe(url);
    });
  });
});
