import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDeduper, createMemoryStore } from '@agent-platform/webhook-verify/dedupe';
import { signWebhookSync } from '@agent-platform/webhook-verify/node';
import express from 'express';
import { expect, it } from 'vitest';
import { receiverSuite } from './support/receiver-suite.js';
import { createExpressReceiver, startExpressReceiver } from './webhook-express.js';

receiverSuite(startExpressReceiver);

it('says to pass the raw body when express.json() ran first', async () => {
  const outer = express();
  outer.use(express.json());
  const rejected: string[] = [];
  outer.use(
    createExpressReceiver({
      secret: () => ['whsec_example'],
      deduper: createDeduper({ store: createMemoryStore(), ttlSeconds: 86_400 }),
      onEvent: () => {},
      onRejected: (error) => {
        rejected.push(error.code);
      },
      onFailed: (error) => {
        throw error;
      },
    }),
  );
  const server = createServer(outer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const rawBody = JSON.stringify({
      event_id: '5f0c2a9e-8d3b-4c71-a6e4-2b9d7f1c3e58',
      event: 'contact.created',
      timestamp: '2026-01-01T00:00:00.000Z',
      webhook_id: '0b6f8e3c-3b8e-4d0a-9c55-6a1f2e7d9b01',
      data: {},
    });
    const headers = signWebhookSync({ variant: 'B', secret: 'whsec_example', rawBody });
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/webhooks`, {
      method: 'POST',
      headers,
      body: rawBody,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('invalid_body');
    expect(rejected).toEqual(['invalid_body']);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
