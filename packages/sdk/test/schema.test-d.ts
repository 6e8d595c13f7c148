import createClient from 'openapi-fetch';
import { describe, expectTypeOf, it } from 'vitest';
import type { paths, Schemas } from '../src/index.js';

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:4010' });

describe('generated path types', () => {
  it('type-check a valid call and type its data', async () => {
    const { data } = await client.POST('/v1/agents', {
      body: { name: 'Support', temperature: 0.2 },
    });
    expectTypeOf(data).toEqualTypeOf<Schemas['AgentResponse'] | undefined>();
    expectTypeOf<NonNullable<typeof data>['data']['status']>().toEqualTypeOf<
      'active' | 'inactive'
    >();
  });

  it('reject an unknown body field', async () => {
    await client.POST('/v1/agents', {
      // @ts-expect-error `nmae` is not a field of AgentCreate
      body: { nmae: 'Support' },
    });
  });

  it('reject a missing required field and a wrong query type', async () => {
    await client.PUT('/v1/conversations/{id}/messages/{messageId}', {
      params: { path: { id: 'c', messageId: 'm' } },
      // @ts-expect-error `content` is required
      body: {},
    });
    await client.GET('/v1/agents', {
      // @ts-expect-error `limit` is a number
      params: { query: { limit: '20' } },
    });
  });

  it("type a contact's custom-field values without null, which requests send to clear one", () => {
    type Value = Schemas['Contact']['custom_fields'][string];
    expectTypeOf<Value>().toEqualTypeOf<string | number | boolean | string[]>();
    expectTypeOf<null>().toMatchTypeOf<
      NonNullable<Schemas['ContactUpdate']['custom_fields']>[string]
    >();
  });

  it('type the chat status enum', () => {
    expectTypeOf<Schemas['Chat']['status']>().toEqualTypeOf<'open' | 'human' | 'closed'>();
  });
});

describe('named schema types', () => {
  it('name each schema of the spec from the package root, as Schemas has it', async () => {
    const sdk = await import('../src/index.js');
    // @ts-expect-error a type only: nothing is added to what the package exports at run time
    void sdk.Agent;
    expectTypeOf<import('../src/index.js').Agent>().toEqualTypeOf<Schemas['Agent']>();
    expectTypeOf<import('../src/index.js').ChatStatus>().toEqualTypeOf<
      'open' | 'human' | 'closed'
    >();
    expectTypeOf<import('../src/index.js').WebhookEventContactCreated>().toEqualTypeOf<
      Schemas['WebhookEventContactCreated']
    >();
    const { data } = await client.GET('/v1/contacts/{id}', { params: { path: { id: 'c' } } });
    expectTypeOf(data?.data).toEqualTypeOf<import('../src/index.js').Contact | undefined>();
  });
});

describe('OperationId', () => {
  it("names the API's calls, not the webhooks' deliveries (no autocomplete of them for RequestBody<...>)", () => {
    expectTypeOf<'webhooksCreate'>().toExtend<import('../src/index.js').OperationId>();
    expectTypeOf<'webhooksListDeliveries'>().toExtend<import('../src/index.js').OperationId>();
    expectTypeOf<'webhookContactCreated'>().not.toExtend<import('../src/index.js').OperationId>();
  });
});
