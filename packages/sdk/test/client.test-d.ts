import { describe, expectTypeOf, it } from 'vitest';
import {
  AgentPlatform,
  type APIConnectionError,
  type APIError,
  APIUserAbortError,
  ConflictError,
  type ErrorCode,
  type ErrorDetail,
  type InternalServerError,
  isAPIError,
  isNotFoundError,
  isRateLimitError,
  isValidationError,
  NotFoundError,
  type Page,
  type RateLimitInfo,
  type RequestBody,
  type Schemas,
  ServiceUnavailableError,
} from '../src/index.js';

const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://127.0.0.1:4010' });

describe('resource method types', () => {
  it('resolve to the unwrapped data', async () => {
    expectTypeOf(await client.agents.retrieve('id')).toEqualTypeOf<Schemas['Agent']>();
    expectTypeOf(await client.chats.startHuman('id')).toEqualTypeOf<Schemas['Chat']>();
    expectTypeOf(await client.agents.delete('id')).toEqualTypeOf<void>();
    expectTypeOf(await client.health()).toEqualTypeOf<Schemas['Health']>();
    // A 200 is always ok: maintenance and degradation are a 503 (ServiceUnavailableError).
    expectTypeOf((await client.health()).status).toEqualTypeOf<'ok'>();
    expectTypeOf((await client.me()).scopes).toEqualTypeOf<string[]>();
    // The permission map names its groups: no `| undefined` (noUncheckedIndexedAccess) for them.
    expectTypeOf((await client.me()).permissions.custom_fields).toEqualTypeOf<
      Schemas['PermissionSet']
    >();
  });

  it('are assignable to Promise types, as a list call is (a helper taking () => Promise<T>)', () => {
    const retrieve: () => Promise<Schemas['Agent']> = () => client.agents.retrieve('id');
    const list: Promise<Page<Schemas['Agent']>> = client.agents.list();
    expectTypeOf(retrieve).returns.resolves.toEqualTypeOf<Schemas['Agent']>();
    expectTypeOf(list).resolves.toEqualTypeOf<Page<Schemas['Agent']>>();
  });

  it('give the response on withResponse()', async () => {
    const result = await client.contacts.retrieve('id').withResponse();
    expectTypeOf(result.data).toEqualTypeOf<Schemas['Contact']>();
    expectTypeOf(result.response).toEqualTypeOf<Response>();
    expectTypeOf(result.requestId).toEqualTypeOf<string | undefined>();
    expectTypeOf(result.rateLimit).toEqualTypeOf<RateLimitInfo | undefined>();
  });

  it('type lists as pages that iterate items', async () => {
    const page = await client.agents.list({ limit: 100 });
    expectTypeOf(page).toEqualTypeOf<Page<Schemas['Agent']>>();
    expectTypeOf(page.data).toEqualTypeOf<Schemas['Agent'][]>();
    expectTypeOf(page.pagination.total_pages).toEqualTypeOf<number>();
    for await (const agent of client.agents.list({ limit: 100 })) {
      expectTypeOf(agent).toEqualTypeOf<Schemas['Agent']>();
    }
    for await (const p of client.webhooks.deliveries('id').pages()) {
      expectTypeOf(p.data).toEqualTypeOf<Schemas['WebhookDelivery'][]>();
    }
  });

  it('check bodies and queries against the spec', () => {
    client.agents.create({ name: 'Support', temperature: 0.2 });
    // @ts-expect-error `nmae` is not a field of AgentCreate
    client.agents.create({ nmae: 'Support' });
    // @ts-expect-error `name` must be a string
    client.agents.update('id', { name: 42 });
    // @ts-expect-error `content` is required to edit a message
    client.conversations.editMessage('c', 'm', {});
    // @ts-expect-error `limit` is a number
    client.agents.list({ limit: '20' });
    // @ts-expect-error `status` is `active` or `inactive`
    client.agents.list({ status: 'paused' });
    // @ts-expect-error maxItems is an option, not a query parameter
    client.agents.list({ maxItems: 5 });
    client.agents.list({ limit: 5 }, { maxItems: 5, maxPages: 1, timeout: 1000 });
    // @ts-expect-error a body is required
    client.chats.sendMessage('id');
    // @ts-expect-error a contact needs at least one of name, email and phone
    client.contacts.create({});
    // @ts-expect-error custom fields alone are not enough either
    client.contacts.create({ custom_fields: { plan: 'pro' } });
    client.contacts.create({ phone: '+34600111222' });
    client.contacts.create({ name: 'Ada', email: 'ada@example.com' });
    client.chats.startHuman('id');
  });

  it("type a chat message's and a custom field's rules across fields, which the API refuses with a 400", () => {
    client.chats.sendMessage('id', { content: 'hi' });
    client.chats.sendMessage('id', { type: 'text', content: 'hi' });
    client.chats.sendMessage('id', { type: 'image', media_url: 'https://cdn.test/a.png' });
    client.chats.sendMessage('id', {
      type: 'video',
      media_url: 'https://cdn.test/a',
      content: 'c',
    });
    // @ts-expect-error a text message needs `content`
    client.chats.sendMessage('id', {});
    // @ts-expect-error a text message needs `content`, even with its type named
    client.chats.sendMessage('id', { type: 'text' });
    // @ts-expect-error `media_url` is only for image, audio, video and document messages
    client.chats.sendMessage('id', { content: 'hi', media_url: 'https://cdn.test/a.png' });
    // @ts-expect-error an image needs `media_url`
    client.chats.sendMessage('id', { type: 'image', content: 'a caption alone' });
    client.customFields.create({ name: 'plan', type: 'select', options: ['free', 'pro'] });
    client.customFields.create({ name: 'tags', type: 'multi_select', options: ['a'] });
    client.customFields.create({ name: 'note', type: 'text', required: true });
    // @ts-expect-error a select field needs `options`
    client.customFields.create({ name: 'plan', type: 'select' });
    // @ts-expect-error only the select types have `options`
    client.customFields.create({ name: 'note', type: 'text', options: ['a'] });
    // The helper type is what the method takes: a body built with it is accepted.
    const body: RequestBody<'chatsSendMessage'> = {
      type: 'audio',
      media_url: 'https://cdn.test/a',
    };
    client.chats.sendMessage('id', body);
    expectTypeOf<RequestBody<'customFieldsCreate'>>().toEqualTypeOf<
      Parameters<typeof client.customFields.create>[0]
    >();
    // The generated schemas leave these rules out: a body typed with one may be refused, so it does not compile.
    const loose: Schemas['ChatMessageCreate'] = { content: 'hi' };
    // @ts-expect-error `Schemas['ChatMessageCreate']` admits a text message with `media_url`
    client.chats.sendMessage('id', loose);
    const field: Schemas['CustomFieldCreate'] = { name: 'plan', type: 'select', options: ['a'] };
    // @ts-expect-error `Schemas['CustomFieldCreate']` admits a select field without `options`
    client.customFields.create(field);
  });

  it('take undefined for an optional field or query parameter (exactOptionalPropertyTypes), sent as absent', () => {
    const status = undefined as 'active' | 'inactive' | undefined;
    const text = undefined as string | undefined;
    client.agents.list({ status, limit: undefined }, { maxItems: undefined });
    client.contacts.list({ q: text });
    client.agents.update('id', { name: text, description: undefined });
    client.webhooks.rotateSecret('id', { grace_seconds: undefined });
    client.contacts.create({ email: 'ada@example.com', name: text, phone: text });
    // A required field still needs a value.
    // @ts-expect-error `name` is required
    client.agents.create({ name: text });
    // @ts-expect-error one of name, email and phone needs a value
    client.contacts.create({ name: text });
    // @ts-expect-error a text message needs its `content`
    client.chats.sendMessage('id', { content: text });
  });

  it('take headers as a record or a Headers object, for the client and for a call', () => {
    new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://h',
      defaultHeaders: new Headers({ a: 'b' }),
    });
    new AgentPlatform({ apiKey: 'k', baseUrl: 'http://h', defaultHeaders: { a: 'b' } });
    client.agents.list({}, { headers: new Headers({ a: 'b' }) });
    client.agents.retrieve('a1', { headers: { a: 'b' } });
    // @ts-expect-error a header value is a string
    client.agents.retrieve('a1', { headers: { a: 1 } });
  });

  it("type an error code as the spec's codes, open to others", () => {
    expectTypeOf<APIError['code']>().toEqualTypeOf<ErrorCode | undefined>();
    // The spec's codes are there, for completion and for comparisons...
    expectTypeOf<Schemas['ErrorCode']>().toExtend<ErrorCode>();
    expectTypeOf<'NOT_FOUND'>().toExtend<ErrorCode>();
    // ...and any other string still fits: a gateway's or a fault's code.
    expectTypeOf<'SOME_PROXY_CODE'>().toExtend<ErrorCode>();
    expectTypeOf<ErrorCode>().not.toEqualTypeOf<string>();
  });

  it('narrow errors with the guards', () => {
    const error: unknown = new Error();
    if (isRateLimitError(error)) expectTypeOf(error.retryAfter).toEqualTypeOf<number | undefined>();
    if (isAPIError(error)) expectTypeOf(error).toEqualTypeOf<APIError>();
  });

  it('keep an APIError an APIError after a guard that did not match (a chain of guards)', () => {
    const error: unknown = new Error();
    if (isAPIError(error)) {
      if (isValidationError(error))
        expectTypeOf(error.details).toEqualTypeOf<ErrorDetail[] | undefined>();
      else if (isRateLimitError(error))
        expectTypeOf(error.retryAfter).toEqualTypeOf<number | undefined>();
      else expectTypeOf(error.status).toEqualTypeOf<number>();
    }
  });

  it('tell the error classes apart by type, not only at run time', () => {
    // @ts-expect-error a ConflictError is no NotFoundError
    const notFound: NotFoundError = new ConflictError(409, {}, new Headers());
    // @ts-expect-error an abort is no connection error
    const connection: APIConnectionError = new APIUserAbortError();
    const server: InternalServerError = new ServiceUnavailableError(503, {}, new Headers());
    expectTypeOf([notFound, connection, server]).not.toBeAny();
  });

  it('let users subclass an error class under a name of their own', () => {
    class AgentMissing extends NotFoundError {
      override name = 'AgentMissing';
    }
    class GaveUp extends APIUserAbortError {
      override name = 'GaveUp';
    }
    const missing = new AgentMissing(404, {}, new Headers());
    expectTypeOf(missing).toExtend<NotFoundError>();
    expectTypeOf(missing.name).toEqualTypeOf<string>();
    expectTypeOf(new GaveUp()).toExtend<APIUserAbortError>();
    // @ts-expect-error still no ConflictError
    const conflict: ConflictError = missing;
    const error: unknown = missing;
    if (isNotFoundError(error)) expectTypeOf(error).toEqualTypeOf<NotFoundError>();
    expectTypeOf(conflict).not.toBeAny();
  });

  it('type client.raw by the generated paths', async () => {
    const { data } = await client.raw.GET('/v1/agents/{id}', { params: { path: { id: 'x' } } });
    expectTypeOf(data).toEqualTypeOf<Schemas['AgentResponse'] | undefined>();
    // @ts-expect-error no such path
    await client.raw.GET('/v1/agentz');
  });

  it('reject unknown client options', () => {
    // @ts-expect-error `retries` is spelled `maxRetries`
    new AgentPlatform({ apiKey: 'k', baseUrl: 'http://x', retries: 3 });
  });
});

describe('clock option', () => {
  it("takes a sleep that resolves to a number, as the mock server's clock.advance (the new time)", () => {
    const advance = (ms: number): Promise<number> => Promise.resolve(ms);
    const clock = { now: () => 0, sleep: advance };
    expectTypeOf(
      new AgentPlatform({ apiKey: 'k', baseUrl: 'http://x.test', clock }),
    ).toEqualTypeOf<AgentPlatform>();
  });
});
