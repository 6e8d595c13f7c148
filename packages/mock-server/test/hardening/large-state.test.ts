import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, MAX_STATE_BYTES } from '../../src/http/read-body.js';
import { createMockServer } from '../../src/index.js';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

// What GET /__mock/state answers is what PUT /__mock/state takes, as it is, however large: a state
// grows past the API's 1 MiB body limit with a few hundred conversations. That route (only) takes up
// to MAX_STATE_BYTES.

describe.each(transports)('a state over 1 MiB over $name', (transport) => {
  const h = useMock(transport);

  it('is PUT back as GET answered it; other routes keep the 1 MiB limit', async () => {
    // Twelve text trainings of 100 000 characters (the most one takes): 1.2 MB of state, cheaply.
    const agent = await h.call('POST', '/v1/agents', { body: { name: 'Ada' } });
    for (let i = 0; i < 12; i++) {
      const res = await h.call('POST', `/v1/agents/${agent.body.data.id}/trainings`, {
        body: { type: 'text', title: `t${i}`, content: String(i % 10).repeat(100_000) },
      });
      expect(res.status).toBe(201);
    }
    const exported = await h.connection.fetch(`${h.connection.baseUrl}/__mock/state`);
    const text = await exported.text();
    expect(text.length).toBeGreaterThan(MAX_BODY_BYTES);

    await h.call('POST', '/__mock/reset', { unchecked: true });
    const put = await h.call('PUT', '/__mock/state', {
      raw: text,
      headers: { 'content-type': 'application/json' },
      unchecked: true,
    });
    expect(put.status).toBe(204);
    const again = await h.connection.fetch(`${h.connection.baseUrl}/__mock/state`);
    expect(await again.text()).toBe(text);

    // Another control route, and the API, still refuse a body over 1 MiB.
    const reset = await h.call('POST', '/__mock/reset', {
      raw: `{"seed":"none"${' '.repeat(MAX_BODY_BYTES)}}`,
      headers: { 'content-type': 'application/json' },
      unchecked: true,
    });
    expect(reset.status).toBe(413);
    expect(reset.body.error.message).toBe('body: must be at most 1048576 bytes (1 MiB)');
    const post = await h.call('POST', '/v1/agents', {
      body: { name: 'x', description: 'y'.repeat(MAX_BODY_BYTES) },
    });
    expect(post.status).toBe(413);
  });
});

describe('PUT /__mock/state under a baseUrl with a path prefix', () => {
  it('takes a state over 1 MiB in-process, as without the prefix', async () => {
    const mock = createMockServer({
      clock: 'manual',
      baseUrl: 'https://api.example.test/platform',
    });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      const agent = await mock.fetch('v1/agents', {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ada' }),
      });
      const { id } = (await agent.json()).data;
      for (let i = 0; i < 12; i++) {
        const res = await mock.fetch(`v1/agents/${id}/trainings`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'text', title: `t${i}`, content: 'x'.repeat(100_000) }),
        });
        expect(res.status).toBe(201);
      }
      const text = JSON.stringify(mock.exportState());
      expect(text.length).toBeGreaterThan(MAX_BODY_BYTES);
      const put = await mock.fetch('__mock/state', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: text,
      });
      // The limit is the routed path's: /__mock/state, not /platform/__mock/state (1 MiB, 413).
      expect(put.status).toBe(204);
    } finally {
      mock.dispose();
    }
  });
});

describe('PUT /__mock/state body limit', () => {
  it('is 256 MiB: a larger declared length is refused before reading, in-process', async () => {
    const mock = createMockServer({ clock: 'manual' });
    try {
      expect(MAX_STATE_BYTES).toBe(256 * 1024 * 1024);
      const res = await mock.handle(
        new Request(`${mock.baseUrl}/__mock/state`, {
          method: 'PUT',
          headers: {
            'content-type': 'application/json',
            'content-length': String(MAX_STATE_BYTES + 1),
          },
          body: '{}',
        }),
      );
      expect(res.status).toBe(413);
      expect((await res.json()).error).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'body: must be at most 268435456 bytes (256 MiB)',
      });
    } finally {
      mock.dispose();
    }
  });

  it('is 256 MiB over HTTP too: refused before the body is sent (Expect: 100-continue)', async () => {
    const mock = createMockServer({ clock: 'manual' });
    const running = await mock.listen({ port: 0 });
    try {
      const answer = (length: number, path = '/__mock/state') =>
        new Promise<{ status: number; body: string; continued: boolean }>((resolve, reject) => {
          let continued = false;
          const req = httpRequest(`${running.url}${path}`, {
            method: 'PUT',
            headers: {
              'content-type': 'application/json',
              'content-length': String(length),
              expect: '100-continue',
            },
          });
          // The body never comes: only the answer to the headers is looked at.
          req.on('continue', () => {
            continued = true;
            req.destroy();
            resolve({ status: 100, body: '', continued });
          });
          req.on('response', (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => {
              body += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body, continued }));
          });
          req.on('error', (error) => {
            if (!continued) reject(error);
          });
          req.flushHeaders();
        });
      // Over 256 MiB: refused before it is sent.
      const over = await answer(MAX_STATE_BYTES + 1);
      expect(over.status).toBe(413);
      expect(JSON.parse(over.body).error.message).toBe(
        'body: must be at most 268435456 bytes (256 MiB)',
      );
      // Within it: the server asks for the body.
      expect((await answer(MAX_STATE_BYTES)).continued).toBe(true);
      // Another PUT control route keeps 1 MiB.
      const other = await answer(MAX_BODY_BYTES + 1, `/__mock/mcp-servers/${crypto.randomUUID()}`);
      expect(other.status).toBe(413);
      expect(JSON.parse(other.body).error.message).toBe(
        'body: must be at most 1048576 bytes (1 MiB)',
      );
    } finally {
      await running.close();
      mock.dispose();
    }
  });
});
