// A request whose body is still coming in when the state is reset, imported or its key revoked is
// answered as if it had come after: it wrote a row for a workspace that was gone, and the state
// exported after it was refused on import (`tables.agents[0]._ws: no such workspace`).
import { describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';

/** A POST /v1/agents whose body arrives in two halves, `between` running after the first. */
async function postInTwoHalves(
  mock: MockServer,
  key: string,
  between: () => void,
): Promise<Response> {
  const body = new TextEncoder().encode(JSON.stringify({ name: 'Late' }));
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const request = new Request(`${mock.baseUrl}/v1/agents`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  controller.enqueue(body.slice(0, 5));
  const answer = mock.fetch(request);
  // Let the mock take the request and start reading its body.
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
  between();
  controller.enqueue(body.slice(5));
  controller.close();
  return answer;
}

describe('a state change while a request body is read', () => {
  for (const [name, change] of [
    ['a reset', (mock: MockServer) => mock.reset()],
    [
      'an import of another state',
      (mock: MockServer) => mock.importState(createMockServer({ clock: 'manual' }).exportState()),
    ],
  ] as const) {
    it(`answers 401 after ${name}, and writes nothing: the state exported after imports again`, async () => {
      const mock = createMockServer({ clock: 'manual' });
      try {
        const { key } = mock.createApiKey({ scopes: 'all' });
        const res = await postInTwoHalves(mock, key, () => change(mock));
        expect(res.status).toBe(401);
        const state = mock.exportState();
        expect(state.tables.agents).toEqual([]);
        expect(() => mock.importState(state)).not.toThrow();
      } finally {
        mock.dispose();
      }
    });
  }

  it('answers 401 when the key is revoked meanwhile', async () => {
    const mock = createMockServer({ clock: 'manual' });
    try {
      const { key, id } = mock.createApiKey({ scopes: 'all' });
      const res = await postInTwoHalves(mock, key, () => mock.revokeApiKey(id));
      expect(res.status).toBe(401);
      expect((await res.json()).error.message).toBe('x-api-key: the API key was revoked');
      // As any 401: no rate-limit headers (they were the revoked key's), and the journal names the key.
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
      expect(mock.requests().at(-1)).toMatchObject({ status: 401, key_id: id });
      expect(mock.exportState().tables.agents).toEqual([]);
    } finally {
      mock.dispose();
    }
  });

  it('goes on with the key as the imported state has it, when the state keeps it', async () => {
    const mock = createMockServer({ clock: 'manual' });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      const same = mock.exportState();
      const res = await postInTwoHalves(mock, key, () => mock.importState(same));
      expect(res.status).toBe(201);
      const state = mock.exportState();
      expect(state.tables.agents.map((a) => a.name)).toEqual(['Late']);
      expect(() => mock.importState(state)).not.toThrow();
    } finally {
      mock.dispose();
    }
  });
});
