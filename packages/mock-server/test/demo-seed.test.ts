import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scopeVocabulary } from '../src/generated/operations.js';
import { createMockServer, DEMO_API_KEY, DEMO_IDS } from '../src/index.js';

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const demo = (options: Parameters<typeof createMockServer>[0] = {}) =>
  createMockServer({
    seed: 'demo',
    clock: 'manual',
    startTime: '2024-01-01T00:00:00Z',
    ...options,
  });

describe('the demo seed', () => {
  it('is the same state on every start, times included, on a manual clock with a fixed start', () => {
    const first = demo().exportState();
    expect(demo().exportState()).toEqual(first);
    expect(first.tables.contacts[0]?.created_at).toBe('2024-01-01T00:00:00.000Z');
  });

  it('uses only the ids of DEMO_IDS, every one of them, all UUID v4s', () => {
    const used = new Set(JSON.stringify(demo().exportState()).match(UUIDS));
    expect([...used].sort()).toEqual(Object.values(DEMO_IDS).sort());
    for (const id of used) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('keeps DEMO_IDS as they are: a script that assigns one cannot change what the next reset seeds', () => {
    expect(Object.isFrozen(DEMO_IDS)).toBe(true);
    expect(() => {
      (DEMO_IDS as { workspace: string }).workspace = 'x';
    }).toThrow(TypeError);
    expect(demo().exportState().workspaces[0]?.workspace_id).toBe(
      '00000000-0000-4000-8000-000000000001',
    );
  });

  it('draws nothing from the ids generator, so new ids follow ids: { seed } as without the demo', async () => {
    let calls = 0;
    demo({
      ids: () => {
        calls++;
        return crypto.randomUUID();
      },
    });
    expect(calls).toBe(0);
    const firstNewId = async (seed: 'demo' | 'none') => {
      const mock = createMockServer({ seed, ids: { seed: 3 } });
      return mock.createWorkspace().workspace_id;
    };
    expect(await firstNewId('demo')).toBe(await firstNewId('none'));
  });

  it('gives the demo key every scope of the variant, under its fixed id', async () => {
    for (const variant of ['A', 'B'] as const) {
      const mock = demo({ variant });
      expect(mock.exportState().api_keys).toEqual([
        expect.objectContaining({
          id: DEMO_IDS.apiKey,
          key: DEMO_API_KEY,
          scopes: Object.keys(scopeVocabulary[variant]),
        }),
      ]);
      const res = await mock.fetch('/v1/custom-fields', { headers: { 'x-api-key': DEMO_API_KEY } });
      expect(res.status).toBe(200);
      expect(mock.revokeApiKey(DEMO_IDS.apiKey)).toBeUndefined();
      const revoked = await mock.fetch('/v1/agents', { headers: { 'x-api-key': DEMO_API_KEY } });
      expect(revoked.status).toBe(401);
    }
  });

  it('is listed in the README: every name and id of DEMO_IDS', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const [name, id] of Object.entries(DEMO_IDS)) {
      expect(readme).toContain(`\`${name}\``);
      expect(readme).toContain(id);
    }
  });
});
