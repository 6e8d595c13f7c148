import { describe, expect, it } from 'vitest';
import { json, recordingFetch } from '../test/support/recording-fetch.js';
import { AgentPlatform } from './client.js';
import { AgentPlatformError } from './core/errors.js';

// README, Errors: "Every error is an `AgentPlatformError`." A query value with a lone surrogate cannot be
// percent-encoded: openapi-fetch's query serializer threw a bare URIError ("URI malformed") for it,
// naming nothing. A search box's text cut to a length with `.slice()` splits an emoji in exactly this way.
const page = { data: [], pagination: { page: 1, limit: 20, total: 0, total_pages: 0 } };
const cut = 'Ada 😀'.slice(0, 5); // "Ada \ud83d": the emoji cut in half

function client() {
  const recorded = recordingFetch(() => json(200, page));
  return {
    ...recorded,
    client: new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch: recorded.fetch }),
  };
}

const rejection = (promise: PromiseLike<unknown>) =>
  Promise.resolve(promise).then(
    () => undefined,
    (error: unknown) => error,
  );

describe('a query parameter with a lone surrogate', () => {
  it('rejects a list call before sending, with an AgentPlatformError naming the parameter', async () => {
    const { client: sdk, calls } = client();
    const error = await rejection(sdk.contacts.list({ q: cut }));
    expect(calls).toHaveLength(0);
    expect(error).toBeInstanceOf(AgentPlatformError);
    expect(error).toEqual(new AgentPlatformError('q: must be a well-formed string'));
  });

  it('rejects a raw call the same way, and an array item with one', async () => {
    const { client: sdk, calls } = client();
    const raw = await rejection(sdk.raw.GET('/v1/contacts', { params: { query: { q: cut } } }));
    expect(raw).toEqual(new AgentPlatformError('q: must be a well-formed string'));
    // Plain JS (no array parameter in the spec): its items are serialized one by one, each checked.
    const items = await rejection(
      sdk.raw.GET('/v1/contacts', { params: { query: { tag: ['ok', cut] } as never } }),
    );
    expect(items).toEqual(new AgentPlatformError('tag: must be a well-formed string'));
    expect(calls).toHaveLength(0);
  });

  it('sends a whole emoji, a lone low surrogate refused, and other values as before', async () => {
    const { client: sdk, calls } = client();
    await sdk.contacts.list({ q: 'Ada 😀', limit: 5 });
    await sdk.customFields.list({ include_archived: true });
    expect(calls.map((call) => call.url.search)).toEqual([
      '?q=Ada%20%F0%9F%98%80&limit=5',
      '?include_archived=true',
    ]);
    const low = await rejection(sdk.contacts.list({ q: '😀'.slice(1) }));
    expect(low).toEqual(new AgentPlatformError('q: must be a well-formed string'));
  });
});
