// GET /__mock/state serialises the state as it is, without the deep copy exportState() hands its
// caller (a copy of a 75 MB state held the server about a second, and JSON is a copy already).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { DEMO_API_KEY } from '../../src/seed/demo-ids.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('GET /__mock/state', () => {
  it('answers the JSON of exportState(), byte for byte, without a structured clone', async () => {
    const mock = createMockServer({ seed: 'demo', clock: 'manual' });
    const headers = { 'x-api-key': DEMO_API_KEY, 'content-type': 'application/json' };
    for (const name of ['Grace', 'Alan']) {
      const res = await mock.fetch('/v1/contacts', {
        method: 'POST',
        headers,
        body: JSON.stringify({ name, custom_fields: { plan: 'pro' } }),
      });
      expect(res.status).toBe(201);
    }
    const agents = (await (await mock.fetch('/v1/agents?status=active', { headers })).json()) as {
      data: { id: string }[];
    };
    const started = await mock.fetch(`/v1/agents/${agents.data[0]?.id}/conversation`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ message: 'hello', metadata: { order: 7 } }),
    });
    expect(started.status).toBeLessThan(300);
    const exported = JSON.stringify(mock.exportState());

    const clone = vi.spyOn(globalThis, 'structuredClone');
    const res = await mock.fetch('/__mock/state');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(exported);
    expect(clone).not.toHaveBeenCalled();
    mock.dispose();
  });
});
